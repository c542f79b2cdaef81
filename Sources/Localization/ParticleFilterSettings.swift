/// How the particle filter behaves.
public struct ParticleFilterSettings: Sendable, Hashable {
  /// Number of particles.
  public var particles = 2000
  /// Resample when the effective sample size falls below this share of the particles.
  public var resampleThreshold = 0.5
  /// Per-step relative noise on the step length.
  public var stepLengthNoise = 0.07
  /// Per-step heading noise, degrees.
  public var headingNoise = 5.0
  /// Random walk of each particle's heading bias per step, degrees.
  public var headingBiasWalk = 0.5
  /// Spread of the initial heading bias, degrees.
  public var initialHeadingBias = 5.0
  /// Spread of the initial step-length scale.
  public var initialScaleSpread = 0.08
  /// Spread of the initial device offset, dB.
  public var initialOffsetSpread = 4.0
  /// Random walk of the device offset per scan, dB.
  public var offsetWalk = 0.3
  /// Exponent applied to each scan's likelihood (< 1 tempers overconfident scans).
  public var likelihoodTemperature = 0.2
  /// Position diffusion while standing, metres per second.
  public var standingDiffusion = 0.1
  /// Probability per step that a particle on stairs or an escalator changes floor.
  public var stairsRate = 0.08
  /// Probability per second that a particle in an elevator changes floor.
  public var elevatorRate = 0.08
  /// Tries to redraw a move that crosses a wall before the particle stays put.
  public var wallRetries = 3
  /// Log-weight lost by a particle whose every try hit a wall.
  public var blockedPenalty = 3.0
  /// AMCL recovery: fast and slow averaging rates of the scan likelihood.
  public var recoveryFast = 0.2
  public var recoverySlow = 0.01
  /// Spread of particles around a known start, metres.
  public var startSpread = 1.0

  /// Defaults tuned on the sample office.
  public init() {}
}
