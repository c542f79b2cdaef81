import FingerpostCore
import Foundation
import Geometry
import Motion
import Radio
import Randomness
import Simulation

/// The phone of real walks with ground truth, fitted so that simulated walks have the same
/// dead-reckoning statistics: the simulator's step noise is chosen by simulating each walk's
/// true steps through it (at the real steps' times, along the truth) and matching the spread
/// of the step-length ratio from walk to walk and from segment to segment, the heading error
/// per segment (median and p90 of its size) and the spread of each walk's mean heading error
/// (the per-step noises first, then the per-walk biases); the device's scan interval is the
/// walks' median gap between scans.
public struct PhoneFit: Sendable {
  /// What the dead reckoning and the scans of a set of walks look like.
  public struct Statistics: Sendable, Hashable {
    /// Spread of the walks' step-length ratios (steps over truth) around their mean, relative.
    public var walkRatioSpread = 0.0
    /// Spread of the segments' ratios around their walk's, relative.
    public var segmentRatioSpread = 0.0
    /// Median and 90th percentile of the size of the heading error per segment, degrees.
    public var headingMedian = 0.0, headingP90 = 0.0
    /// Spread of the walks' mean signed heading error, degrees.
    public var walkHeadingSpread = 0.0
  }

  /// The fitted phone (device and step noise).
  public let phone: PhoneFile
  /// The real walks' statistics, and those of the walks simulated with the fitted phone.
  public let measured: Statistics, simulated: Statistics
  /// Walks used, scans per walk's median gap (s), APs heard per scan, and the share of the
  /// recordings' Wi-Fi entries that were stale (dropped on import).
  public let walks: Int, apsPerScan: Double, staleShare: Double

  /// Fits the phone of `walks`, simulating with generators seeded from `seed`.
  public init(walks: [ImportedWalk], seed: UInt64 = 1) throws(RandomnessError) {
    let usable = walks.filter { $0.steps.count >= 10 && $0.truth.count >= 2 }
    self.walks = usable.count
    measured = Self.statistics(usable.map(\.check))
    var noise = StepNoise()
    noise.scaleBiasSigma = min(measured.walkRatioSpread, 0.5)
    noise.headingBiasSigma = min(measured.walkHeadingSpread, 90)
    let root = try RandomGenerator(seed: seed)
    func simulate(_ noise: StepNoise) throws(RandomnessError) -> Statistics {
      var checks: [DeadReckoningCheck] = []
      for (w, walk) in usable.enumerated() {
        let reckoning = DeadReckoning(noise: noise, generator: try root.split(stream: w))
        var steps: [Step] = []
        var last = TruthSample.position(in: walk.truth, at: walk.steps[0].t - 0.5)
        for step in walk.steps {
          guard let here = TruthSample.position(in: walk.truth, at: step.t) else { continue }
          let move = here - (last ?? here)
          last = here
          steps += try reckoning.observe(
            Step(t: step.t, length: move.length, heading: Bearing.of(move)))
        }
        let waypoints = walk.truth.filter(\.checkpoint).map { (t: $0.t, point: $0.position) }
        checks.append(DeadReckoningCheck(steps: steps, waypoints: waypoints))
      }
      return Self.statistics(checks)
    }
    // Length noise per step: the segments' ratio spread.
    var best = (value: noise.lengthSigma, misfit: Double.infinity)
    for sigma in [0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6] {
      noise.lengthSigma = sigma
      let misfit = abs(try simulate(noise).segmentRatioSpread - measured.segmentRatioSpread)
      if misfit < best.misfit { best = (sigma, misfit) }
    }
    noise.lengthSigma = best.value
    // Heading noise, then the per-walk biases (step and heading noise already spread the
    // walks' means), then heading noise again with them.
    for pass in 0..<2 {
      var heading = (
        sigma: noise.headingSigma, drift: noise.headingDriftSigma, misfit: Double.infinity
      )
      for sigma in [1.0, 2, 4, 8, 12, 20] {
        for drift in [0.0, 0.25, 0.5, 1, 1.5, 2, 3, 5] {
          noise.headingSigma = sigma
          noise.headingDriftSigma = drift
          let s = try simulate(noise)
          let misfit =
            pow(s.headingMedian - measured.headingMedian, 2)
            + pow(s.headingP90 - measured.headingP90, 2) / 4
          if misfit < heading.misfit { heading = (sigma, drift, misfit) }
        }
      }
      noise.headingSigma = heading.sigma
      noise.headingDriftSigma = heading.drift
      if pass == 1 { break }
      var biases = (
        scale: noise.scaleBiasSigma, heading: noise.headingBiasSigma, misfit: Double.infinity
      )
      for scale in [0.0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2] {
        for bias in [0.0, 2.5, 5, 7.5, 10, 12.5, 15] {
          noise.scaleBiasSigma = scale
          noise.headingBiasSigma = bias
          let s = try simulate(noise)
          let misfit =
            pow((s.walkRatioSpread - measured.walkRatioSpread) * 100, 2)
            + pow(s.walkHeadingSpread - measured.walkHeadingSpread, 2)
          if misfit < biases.misfit { biases = (scale, bias, misfit) }
        }
      }
      noise.scaleBiasSigma = biases.scale
      noise.headingBiasSigma = biases.heading
    }
    simulated = try simulate(noise)
    let gaps = usable.flatMap { walk in
      zip(walk.scans, walk.scans.dropFirst()).map { $1.time - $0.time }.filter { $0 > 0 && $0 < 30 }
    }.sorted()
    let readings = usable.reduce(0) { $0 + $1.scans.reduce(0) { $0 + $1.readings.count } }
    let scans = usable.reduce(0) { $0 + $1.scans.count }
    let stale = usable.reduce(0) { $0 + $1.staleEntries }
    apsPerScan = scans > 0 ? Double(readings) / Double(scans) : 0
    staleShare = readings + stale > 0 ? Double(stale) / Double(readings + stale) : 0
    // Stale entries are dropped on import: the phone the localizer sees reports none.
    let device = Device(
      name: "fitted", offset: 0, scanInterval: gaps.isEmpty ? nil : gaps[gaps.count / 2],
      staleShare: 0)
    phone = PhoneFile(device: device, offsetGiven: false, deadReckoning: noise)
  }

  /// The statistics of `checks` (one per walk).
  static func statistics(_ checks: [DeadReckoningCheck]) -> Statistics {
    func spread(_ values: [Double]) -> Double {
      guard values.count >= 2 else { return 0 }
      let mean = values.reduce(0, +) / Double(values.count)
      return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1))
        .squareRoot()
    }
    var s = Statistics()
    let walks = checks.filter { $0.distance >= 10 && $0.stepLength > 0 }
    let ratios = walks.map(\.lengthRatio)
    let mean = ratios.isEmpty ? 1 : ratios.reduce(0, +) / Double(ratios.count)
    s.walkRatioSpread = spread(ratios.map { $0 / mean })
    s.segmentRatioSpread = spread(
      walks.flatMap { walk in
        walk.segments.filter { $0.distance >= DeadReckoningCheck.minimumDistance && $0.steps >= 3 }
          .map { $0.stepLength / $0.distance / walk.lengthRatio }
      })
    let all = DeadReckoningCheck(segments: checks.flatMap(\.segments))
    s.headingMedian = all.headingError(quantile: 0.5) ?? 0
    s.headingP90 = all.headingError(quantile: 0.9) ?? 0
    s.walkHeadingSpread = spread(
      checks.map(\.headingErrors).filter { $0.count >= 2 }.map {
        $0.reduce(0, +) / Double($0.count)
      })
    return s
  }
}
