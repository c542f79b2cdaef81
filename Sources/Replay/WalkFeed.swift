import EventStream
import FingerpostCore
import Fingerprints
import Localization

/// The one loop that feeds a walk to a localizer, for a replay and a live tracking session
/// alike: steps, scans and barometer samples in time order, the localizer advanced to each
/// event's time before it takes the event; it counts the events it could not use.
public struct WalkFeed {
  /// The localizer fed.
  public let localizer: any Localizer
  /// The map whose APs a usable scan names (nil: scans are not counted).
  let map: RadioMap?
  /// The newest event time fed, seconds; nil before the first.
  public private(set) var lastTime: Double?
  /// Events fed.
  public private(set) var fed = 0
  /// Scans that name no AP of the map (empty ones included).
  public private(set) var unusableScans = 0
  /// Steps whose length or heading is not a finite number.
  public private(set) var unusableSteps = 0

  /// A feed of `localizer`, counting the scans that name no AP of `map` when given.
  public init(localizer: any Localizer, map: RadioMap? = nil) {
    self.localizer = localizer
    self.map = map
  }

  /// Feeds one step, scan or barometer sample (any other record is ignored), the localizer
  /// advanced to its time first.
  public mutating func feed(_ event: StreamRecord) {
    guard let t = event.time else { return }
    switch event {
    case .step(let step):
      localizer.advance(to: t)
      if !step.isUsable { unusableSteps += 1 }
      localizer.step(step)
    case .scan(let scan):
      localizer.advance(to: t)
      if let map, !map.namesAny(of: scan) { unusableScans += 1 }
      localizer.scan(scan)
    case .pressure(let sample):
      localizer.advance(to: t)
      localizer.pressure(sample)
    default:
      return
    }
    lastTime = t
    fed += 1
  }

  /// The steps, scans and barometer samples of `records` in time order, ties in the order
  /// given.
  public static func ordered(_ records: [StreamRecord]) -> [(t: Double, event: StreamRecord)] {
    records.enumerated()
      .compactMap { offset, record -> (t: Double, offset: Int, event: StreamRecord)? in
        switch record {
        case .step, .scan, .pressure: record.time.map { ($0, offset, record) }
        default: nil
        }
      }
      .sorted { ($0.t, $0.offset) < ($1.t, $1.offset) }
      .map { ($0.t, $0.event) }
  }
}

extension WalkFeed {
  /// What a feed counted: the newest event time, the events fed, the unusable scans and steps.
  public struct Counts: Sendable, Equatable {
    /// The newest event time fed, seconds; nil before the first.
    public var lastTime: Double?
    /// Events fed.
    public var fed: Int
    /// Scans that named no AP of the map.
    public var unusableScans: Int
    /// Steps whose length or heading was not a finite number.
    public var unusableSteps: Int

    /// Counts as a feed keeps them.
    public init(lastTime: Double?, fed: Int, unusableScans: Int, unusableSteps: Int) {
      self.lastTime = lastTime
      self.fed = fed
      self.unusableScans = unusableScans
      self.unusableSteps = unusableSteps
    }
  }

  /// The counts now.
  public var counts: Counts {
    Counts(
      lastTime: lastTime, fed: fed, unusableScans: unusableScans, unusableSteps: unusableSteps)
  }

  /// Takes up `counts`, as a feed reopened where another stopped.
  public mutating func resume(_ counts: Counts) {
    lastTime = counts.lastTime
    fed = counts.fed
    unusableScans = counts.unusableScans
    unusableSteps = counts.unusableSteps
  }
}
