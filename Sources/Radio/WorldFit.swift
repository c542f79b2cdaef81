import FingerpostCore
import FloorPlans
import Geometry
import Randomness

/// A radio world fitted to a real survey: each AP's floor, position and power, and the shared
/// propagation parameters (path-loss exponent, wall losses, floor loss per band, shadowing spread
/// and correlation length, fading and the offset a whole scan shares, detection curve,
/// sensitivity, scan interval), with their standard errors and the error of the fitted model on
/// survey points held out of the fit.
///
/// Scans are pooled into cells (`Settings.cell` metres) per floor; square blocks of
/// `Settings.block` metres are held out at random (`Settings.heldOutShare`). On the other cells:
/// an AP heard in at least `Settings.minimumCells` of them is placed on the floor where it is
/// heard strongest, at the point whose log-distance model fits its cell means best (a grid search,
/// its power solved in closed form); the shared losses and every AP's power are then fitted by
/// alternating least squares on the cell means within each AP's reach, and the APs placed again
/// (twice) with the fitted exponent and walls. APs with a known position keep it. Spreads come
/// from the residuals; then the losses, spreads and detection curve are refitted to the cell
/// means less what detection adds to readings where an AP is faint
/// (`PropagationModel.reportedExcess`, `Settings.selectionRounds` times), and the share of
/// stale entries is told from readings that repeat the previous scan's. Standard errors come
/// from resampling the APs (`Settings.bootstrap` times).
public struct WorldFit: Sendable {
  /// One surveyed scan: where it was taken and what it heard.
  public struct Sample: Sendable {
    /// The floor.
    public var floor: FloorID
    /// The position in the venue frame, metres.
    public var point: Point
    /// Seconds (any origin; differences between consecutive samples give the scan interval).
    public var time: Double
    /// The APs heard: index into the fit's radios, and dBm.
    public var readings: [(radio: Int, rssi: Double)]
    /// The walk (recording) it belongs to: samples of one walk share its slow fading.
    public var walk: Int

    /// Creates a sample.
    public init(
      floor: FloorID, point: Point, time: Double, readings: [(radio: Int, rssi: Double)],
      walk: Int = 0
    ) {
      (self.floor, self.point, self.time, self.readings) = (floor, point, time, readings)
      self.walk = walk
    }
  }

  /// One AP radio the survey heard.
  public struct Radio: Sendable {
    /// Its BSSID.
    public var bssid: String
    /// Its band.
    public var band: Band
    /// Its channel centre frequency in MHz, when known.
    public var frequency: Int?
    /// Where it is, when known (else estimated).
    public var known: (floor: FloorID, point: Point)?

    /// Creates a radio.
    public init(
      bssid: String, band: Band, frequency: Int? = nil, known: (floor: FloorID, point: Point)? = nil
    ) {
      (self.bssid, self.band, self.frequency, self.known) = (bssid, band, frequency, known)
    }
  }

  /// How the fit pools, holds out and searches.
  public struct Settings: Sendable {
    /// Side of the cells scans are pooled in, metres.
    public var cell = 1.0
    /// Side of the square blocks held out together, metres.
    public var block = 8.0
    /// Share of the blocks held out of the fit.
    public var heldOutShare = 0.2
    /// An AP is placed when heard in at least this many training cells.
    public var minimumCells = 10
    /// Step of the coarse position search, metres (then refined to a quarter of it).
    public var searchStep = 2.0
    /// Resamples of the APs for the standard errors.
    public var bootstrap = 30
    /// Rounds of refitting to readings less what detection adds to them
    /// (`PropagationModel.reportedExcess`); 0 fits the readings as they are.
    public var selectionRounds = 3
    /// Seed of the held-out blocks and the resampling.
    public var seed: UInt64 = 1

    /// The defaults.
    public init() {}
  }

  /// A placed AP: the world's radio, how many training cells heard it, and the RMS of its
  /// cell means around the fitted model (dB).
  public struct Placed: Sendable {
    /// The fitted radio (position, floor, power at 1 m).
    public var accessPoint: AccessPoint
    /// Training cells that heard it.
    public var cells: Int
    /// RMS of its training cell means around the model, dB.
    public var rms: Double
    /// Whether its position was given rather than estimated.
    public var given: Bool
  }

  /// Errors of the fitted model's mean RSSI against single readings, dB.
  public struct Residuals: Sendable, Hashable {
    /// Readings compared.
    public var readings: Int
    /// Root mean square error, dB.
    public var rms: Double
    /// 90th percentile of the absolute error, dB.
    public var p90: Double
    /// The RMS the fitted spreads expect of these errors were the model exact: the shadowing
    /// left where each reading was taken, fading and the scan offset, dB. The measured RMS
    /// cannot be expected below it; well above it, the model misses something.
    public var expected: Double
  }

  /// The fitted model (parameters the survey cannot tell keep their defaults).
  public let model: PropagationModel
  /// The placed APs, in the order of the radios given.
  public let placed: [Placed]
  /// The APs heard too little to place: BSSID and training cells that heard them.
  public let unplaced: [(bssid: String, cells: Int)]
  /// The world-file keys of the parameters fitted from the survey.
  public let fitted: Set<String>
  /// Standard errors of fitted parameters by world-file key (AP bootstrap), where computed.
  public let standardErrors: [String: Double]
  /// Each fitted parameter's median over the bootstrap's resamples, by world-file key: near
  /// its fitted value, as the resamples refit what the fit reports.
  public let bootstrapMedians: [String: Double]
  /// The model against readings of held-out cells, and of the cells it was fitted to.
  public let heldOut: Residuals, training: Residuals
  /// The model against each held-out cell's mean reading of each AP (fading averaged out).
  public let heldOutCells: Residuals
  /// The model with the shadowing the training cells of each AP imply nearby
  /// (`ShadowingEvidence`) against readings of held-out cells: how well a world that keeps its
  /// survey predicts where the survey did not go.
  public let heldOutConditioned: Residuals
  /// How far single readings at one place spread about its mean from scan to scan and walk to
  /// walk (fading, the scan and walk offsets and slow fading), dB: the error no prediction of
  /// a single reading can beat.
  public var readingNoise: Double { model.readingNoiseVariance.squareRoot() }
  /// Side of the square blocks held out together, metres.
  public let block: Double
  /// Training and held-out cells.
  public let cellCounts: (training: Int, heldOut: Int)

  /// Fits a world to `samples` of `radios` on `plans`.
  public init(
    plans: FloorPlanSet, radios: [Radio], samples: [Sample], settings: Settings = Settings(),
    base: PropagationModel = PropagationModel()
  ) throws(RandomnessError) {
    let generator = try RandomGenerator(seed: settings.seed)
    var work = Work(plans: plans, radios: radios, settings: settings, model: base)
    work.pool(samples, generator: generator)
    work.placeAll(exponent: base.exponent)
    work.buildRows()
    work.solveLosses()
    // Placed again with the fitted exponent and walls, then the losses refitted (twice).
    for _ in 0..<2 {
      work.placeAll(exponent: work.theta[0], walls: true)
      work.buildRows()
      work.solveLosses()
    }
    work.fitSpreads()
    work.fitDetection()
    work.fitScanInterval(samples)
    work.fitStaleShare(samples)
    work.fitScanOffset(samples)
    work.fitWalkFading(samples)
    work.fitSelection(samples, rounds: settings.selectionRounds)
    (standardErrors, bootstrapMedians) = try work.bootstrap(generator: generator)
    (heldOut, heldOutCells, training, heldOutConditioned) = work.residuals(samples)
    model = work.model
    block = settings.block
    fitted = work.fitted
    placed = work.placedRadios()
    unplaced = work.unplacedRadios()
    cellCounts = (
      work.cells.filter { !$0.heldOut }.count, work.cells.filter(\.heldOut).count
    )
  }
}
