import FingerpostCore
import Foundation

/// What other walks' barometers, read where their floor was known, say of the floor a walk is
/// on. A barometer's change tells a climb but not the floor a walk starts on: the absolute
/// pressure drifts with the weather and differs between phone models by a few hPa. Between
/// walks of one phone model an hour apart it differs by less than a floor's 0.3 hPa, so the
/// landmarks of recent walks tell the floor a new walk starts on. How much two walks differ, at
/// no time apart and per second apart, is fitted to the walks themselves: walks a day apart
/// tell nothing, and a phone model with no walks of its own gets nothing.
public struct PressureReference: Sendable, Hashable, Codable {
  /// One walk's pressure at one of its landmarks.
  public struct Observation: Sendable, Hashable, Codable {
    /// Seconds: since 1970 when fitted, on the walk's own clock once `forWalk(started:device:)`.
    public var t: Double
    /// The landmark's floor ordinal.
    public var ordinal: Int
    /// The walk's pressure there (the median of its samples within a second), hPa.
    public var hPa: Double
    /// The phone model that read it.
    public var device: String
  }

  /// One recorded walk to fit to: its phone model, when it started and its barometer.
  public struct Recording: Sendable {
    /// The phone model (a scan's `device`).
    public var device: String
    /// The walk's start, seconds since 1970.
    public var started: Double
    /// The times (the walk's seconds) and floor ordinals of its landmarks.
    public var landmarks: [(t: Double, ordinal: Int)]
    /// Its barometer.
    public var pressures: [Pressure]

    /// A recording of these.
    public init(
      device: String, started: Double, landmarks: [(t: Double, ordinal: Int)],
      pressures: [Pressure]
    ) {
      self.device = device
      self.started = started
      self.landmarks = landmarks
      self.pressures = pressures
    }
  }

  /// The landmarks' pressures.
  public var observations: [Observation]
  /// One standard deviation of one walk's pressure against another's of the same phone model,
  /// at the same place and time, hPa.
  public var noise: Double
  /// How fast that difference grows with the time between the two, hPa a second.
  public var drift: Double
  /// Height per floor ordinal, metres.
  public var floorHeight: Double
  /// Walks fitted to.
  public var walks: Int

  /// Landmarks taken from one walk at most (evenly spread): bounds the pairs the fit weighs.
  public static let landmarksPerWalk = 16
  /// Pairs the fit weighs at most (every n-th beyond).
  public static let pairLimit = 50_000

  /// Fits to `recordings` (pairs of landmarks of different walks of one phone model), with
  /// `floorHeight` metres per floor; nil when no two walks of one model have landmarks with
  /// pressures.
  public init?(recordings: [Recording], floorHeight: Double) {
    var observations: [[Observation]] = []
    for recording in recordings {
      var found: [Observation] = []
      for landmark in recording.landmarks {
        let near = recording.pressures.filter { abs($0.t - landmark.t) <= 1 }.map(\.hPa)
        guard !near.isEmpty else { continue }
        found.append(
          Observation(
            t: recording.started + landmark.t, ordinal: landmark.ordinal,
            hPa: near.sorted()[near.count / 2], device: recording.device))
      }
      let stride = max(1, (found.count + Self.landmarksPerWalk - 1) / Self.landmarksPerWalk)
      observations.append(found.indices.filter { $0 % stride == 0 }.map { found[$0] })
    }
    // Pairs of landmarks of different walks of one model: the difference the floors do not
    // explain, and the time between them.
    var pairs: [(dt: Double, r: Double)] = []
    for a in observations.indices {
      for b in observations.indices where b > a {
        for p in observations[a] {
          for q in observations[b] where q.device == p.device {
            let climb = Double(q.ordinal - p.ordinal) * floorHeight
            pairs.append((abs(q.t - p.t), q.hPa - Pressure.pressure(from: p.hPa, climbing: climb)))
          }
        }
      }
    }
    guard !pairs.isEmpty else { return nil }
    if pairs.count > Self.pairLimit {
      let stride = pairs.count / Self.pairLimit + 1
      pairs = pairs.indices.filter { $0 % stride == 0 }.map { pairs[$0] }
    }
    // Maximum likelihood of r ~ N(0, 2 noise² + (drift dt)²) over a grid of both.
    var best = (logLikelihood: -Double.infinity, noise: 0.0, drift: 0.0)
    for i in 0..<40 {
      let noise = 0.005 * pow(1.25, Double(i))
      for j in 0..<40 {
        let drift = 1e-7 * pow(1.35, Double(j))
        var sum = 0.0
        for pair in pairs {
          let variance = 2 * noise * noise + pow(drift * pair.dt, 2)
          sum -= 0.5 * log(variance) + pair.r * pair.r / (2 * variance)
        }
        if sum > best.logLikelihood { best = (sum, noise, drift) }
      }
    }
    self.observations = observations.flatMap { $0 }
    self.noise = best.noise
    self.drift = best.drift
    self.floorHeight = floorHeight
    self.walks = observations.filter { !$0.isEmpty }.count
  }

  /// The landmarks of the phone model `device`, on the clock of a walk that started `started`
  /// seconds after 1970; nil when the model has none.
  public func forWalk(started: Double, device: String) -> PressureReference? {
    var copy = self
    copy.observations = observations.filter { $0.device == device }.map {
      var o = $0
      o.t -= started
      return o
    }
    return copy.observations.isEmpty ? nil : copy
  }

  /// Log-likelihood (natural log) of being on floor `ordinal` for a pressure of `hPa` at `t`
  /// (on the clock of the observations): a Gaussian around the pressure of the landmark
  /// closest in time, carried to that floor, as wide as the fit says two walks that far apart
  /// differ (the weather moves the others further: averaging them would lag it).
  public func logLikelihood(ofOrdinal ordinal: Int, hPa: Double, at t: Double) -> Double {
    guard let closest = observations.min(by: { abs($0.t - t) < abs($1.t - t) }) else { return 0 }
    let variance = 2 * noise * noise + pow(drift * (t - closest.t), 2)
    let predicted = Pressure.pressure(
      from: closest.hPa, climbing: Double(ordinal - closest.ordinal) * floorHeight)
    let error = hPa - predicted
    return -error * error / (2 * variance)
  }
}
