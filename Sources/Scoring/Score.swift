/// The accuracy report of fixes against truth: IPIN/EvAAL and Microsoft ILC headline scores,
/// error statistics in metres, hit rates (0…1), track quality and timing in seconds. Metrics
/// that need what the input lacks (a venue, units, kidnaps) are nil.
public struct Score: Sendable, Codable, Hashable {
  /// Scoring instants with a fix (the error statistics are over these).
  public var instants: Int
  /// Scoring instants from the first truth to the last.
  public var instantsTotal: Int
  /// Fix records read.
  public var fixes: Int
  /// The percentile convention used.
  public var percentiles: PercentileMethod

  /// IPIN/EvAAL: 75th percentile of e + 15·Δfloor + 50·Δbuilding, metres.
  public var evaal: Double
  /// Microsoft ILC: mean of e + 15·Δfloor, metres.
  public var ilc: Double

  /// Horizontal error: mean, root mean square, median (CEP50), 75th and 95th percentiles and
  /// maximum, metres.
  public var mean: Double
  public var rmse: Double
  public var median: Double
  public var p75: Double
  public var p95: Double
  public var max: Double
  /// The mean error vector (estimate − truth), east and north metres: the bias.
  public var biasEast: Double
  public var biasNorth: Double

  /// Share of instants on the right floor.
  public var floorRate: Double
  /// Share of instants in the right building (nil when buildings are not given).
  public var buildingRate: Double?
  /// Share of instants (with a true unit) in the right unit.
  public var unitRate: Double?
  /// Share of instants (with a true unit) in the right unit or a neighbour through a door.
  public var neighbourRate: Double?
  /// Estimated unit changes per minute ÷ true unit changes per minute (nil when the truth never
  /// changes unit).
  public var unitFlicker: Double?

  /// Share of fixes inside walkable space (nil without a venue).
  public var walkableShare: Double?
  /// Fix-to-fix segments crossing a wall per 100 m of fix track (nil without a venue).
  public var wallCrossingsPer100m: Double?
  /// Share of fix-to-fix steps implying more than 3 m/s.
  public var jumpRate: Double

  /// Seconds from the start until e < 3 m on the right floor for at least 10 s (nil: never).
  public var timeToFirstFix: Double?
  /// Per kidnap (a jump in the truth): seconds from it until e < 3 m on the right floor for 10 s
  /// (nil: never).
  public var recoveries: [Double?]
  /// Share of instants after the first fix that hold a recent fix.
  public var availability: Double
  /// Share of instants whose error is within the fix's reported accuracy radius (nil when fixes
  /// report none).
  public var calibration: Double?
  /// Per true floor change: seconds until the estimate shows the new floor (nil: never).
  public var floorTransitionDelays: [Double?]

  /// Checkpoints of the truth that had a fix at or before them.
  public var checkpoints: Int
  /// At the checkpoints: the EvAAL score and the mean horizontal error, metres (nil: none).
  public var checkpointEvaal: Double?
  public var checkpointMeanError: Double?
}
