/// Finds steps in the magnitude of a phone's acceleration: low-pass filtered, its moving mean
/// (gravity, and the phone's slow motions) removed, a step is a peak above a threshold followed
/// by a valley below minus it, at least `minimumInterval` after the previous step. The
/// threshold follows the signal: a share of its recent spread, never below `minimumThreshold`.
/// The scheme of the ILC 2.0 reference PDR (compute_f.py), written for streaming.
public struct StepDetector: Sendable {
  /// One detected step.
  public struct DetectedStep: Sendable, Hashable {
    /// The time of the valley that ended the step, seconds.
    public var t: Double
    /// The filtered magnitude at the step's peak and valley, m/s².
    public var peak: Double
    public var valley: Double
    /// Seconds since the previous step (nil for the first).
    public var period: Double?
  }

  /// Low-pass cut-off, Hz (walking is 1.5–2.5 steps a second).
  public var cutoff = 3.0
  /// Seconds over which the moving mean and spread are taken.
  public var window = 0.45
  /// The smallest threshold, m/s².
  public var minimumThreshold = 0.6
  /// The threshold as a share of the recent standard deviation.
  public var thresholdShare = 0.4
  /// The shortest time between two steps, seconds.
  public var minimumInterval = 0.25
  /// The longest time from a step's peak to its valley, seconds.
  public var maximumPeakToValley = 1.0

  /// A detector with the default settings.
  public init() {}

  /// The steps in `samples` (accelerometer, time order).
  public func steps(in samples: [InertialSample]) -> [DetectedStep] {
    guard samples.count > 4 else { return [] }
    let rate = Self.sampleRate(samples)
    var lowPass = LowPassFilter(cutoff: cutoff, sampleRate: rate)
    let length = max(3, Int((window * rate).rounded()))
    var ring = [Double](repeating: 0, count: length)
    var filled = 0
    var next = 0
    var sum = 0.0
    var squares = 0.0
    var peak: (t: Double, value: Double)?
    var lastStep: Double?
    var steps: [DetectedStep] = []
    var previous = 0.0
    var beforePrevious = 0.0
    var previousValue = 0.0
    for (i, sample) in samples.enumerated() {
      let value = lowPass(sample.magnitude)
      if filled == length {
        sum -= ring[next]
        squares -= ring[next] * ring[next]
      } else {
        filled += 1
      }
      ring[next] = value
      next = (next + 1) % length
      sum += value
      squares += value * value
      let mean = sum / Double(filled)
      let spread = max(0, squares / Double(filled) - mean * mean).squareRoot()
      let threshold = max(minimumThreshold, thresholdShare * spread)
      let detrended = value - mean
      defer {
        beforePrevious = previous
        previous = detrended
        previousValue = value
      }
      guard i >= 2 else { continue }
      let t = samples[i - 1].t
      // A local maximum or minimum at the previous sample.
      if previous > threshold, previous >= beforePrevious, previous > detrended {
        if let top = peak, previousValue <= top.value, t - top.t <= maximumPeakToValley {
          continue
        }
        peak = (t, previousValue)
      } else if previous < -threshold, previous <= beforePrevious, previous < detrended,
        let top = peak
      {
        peak = nil
        guard t - top.t <= maximumPeakToValley,
          lastStep.map({ t - $0 >= minimumInterval }) ?? true
        else { continue }
        steps.append(
          DetectedStep(
            t: t, peak: top.value, valley: previousValue, period: lastStep.map { t - $0 }))
        lastStep = t
      }
    }
    return steps
  }

  /// The median sampling rate of `samples`, Hz (50 when the times say nothing).
  static func sampleRate(_ samples: [InertialSample]) -> Double {
    var gaps = zip(samples.dropFirst(), samples).map { $0.t - $1.t }.filter { $0 > 0 }
    guard !gaps.isEmpty else { return 50 }
    gaps.sort()
    return 1 / gaps[gaps.count / 2]
  }
}
