import Fingerprints

/// How the particle filter behaves.
public struct ParticleFilterSettings: Sendable, Hashable {
  /// What weighs a scan.
  public enum Measurement: String, Sendable, Hashable, CaseIterable, Codable {
    /// The radio map's per-AP model (expected RSSI, spread and detection per cell).
    case radioMap = "radio-map"
    /// The survey points nearest the scan in signal space (`NeighbourField`).
    case neighbours
    /// Both, their log-likelihoods added.
    case both

    /// Whether the radio map's model weighs scans.
    public var usesRadioMap: Bool { self != .neighbours }
    /// Whether the nearest survey points weigh scans.
    public var usesNeighbours: Bool { self != .radioMap }
  }

  /// Number of particles (the maximum when adaptive).
  public var particles = 2000
  /// From this many particles on, steps move the cloud in two slices on two workers; a scan
  /// scores its distinct (level, cell, offset) triples on two workers from a quarter as many.
  public var parallelThreshold = 1000
  /// With a minimum, the count adapts between it and `particles` by KLD sampling.
  public var minimumParticles: Int?
  /// KLD sampling: the bound on the error of the sampled posterior (ε) and the histogram bin
  /// size in metres.
  public var kldError = 0.05
  public var kldBinSize = 1.0
  /// Resample when the effective sample size falls below this share of the particles.
  public var resampleThreshold = 0.5
  /// What weighs each scan.
  public var measurement = Measurement.radioMap
  /// The nearest-points field, when `measurement` uses it.
  public var neighbours = NeighbourField.Settings()
  /// Exponent applied to the nearest-points likelihood of each scan.
  public var neighbourTemperature = 1.0
  /// Where walkers are, by unit category: weighs each scan at each particle's unit.
  public var places = PlacePrior()
  /// Where walkers are, by floor: a new cloud is drawn from the scan times this.
  public var floors = FloorPrior()
  /// Seconds after its time stamp whose position a scan's fingerprint is of: each particle is
  /// weighed where its own recent pace carries it in that time (back along it when negative).
  public var scanLag = 0.0
  /// Mean of the initial step-length scale (1 = the steps' own length).
  public var initialScale = 1.0
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
  /// Steps a person takes from one floor to the next on stairs, ramps or a walked escalator
  /// (about 20 risers and a landing).
  public var stepsPerFloor = 25.0
  /// Probability that a particle still in a connector keeps going the way it last changed floor.
  public var keepClimbing = 0.85
  /// Prior probability, at a scan after steps, that a particle on stairs, a ramp or an escalator
  /// whose step count is near a floor change (`connectorClockWindow`) is on the other side of
  /// it (the scan then decides). 0 leaves the floor to the step count alone.
  public var connectorFloorChange = 0.2
  /// The share of a flight, before a particle's next floor is due and after it reached one,
  /// within which a scan may decide its floor (`connectorFloorChange`).
  public var connectorClockWindow = 0.4
  /// Probability per step that a particle on a floor nothing connects to the others (no stairs,
  /// ramp, escalator or elevator: a venue drawn from a radio map) moves to the floor above or
  /// below at the same place; the scans and the barometer then weigh it.
  public var freeFloorChange = 0.01
  /// Probability per second that a particle in an elevator changes floor.
  public var elevatorRate = 0.08
  /// Probability per second that a particle standing on an escalator changes floor.
  public var escalatorRate = 0.08
  /// Tries to redraw a move that crosses a wall before the particle stays put.
  public var wallRetries = 3
  /// Log-weight lost by a particle whose every try hit a wall.
  public var blockedPenalty = 3.0
  /// The trap watchdog: when more than `trappedShare` of the live particles hit a wall on each
  /// of `trappedSteps` steps in a row, the walker is walking where the cloud cannot (a cloud
  /// left in a staircase or a room while the walker goes on), and the next scan injects
  /// `trappedInjection` of the particles from the scan's proposal.
  public var trappedShare = 0.8
  /// Steps in a row (see `trappedShare`).
  public var trappedSteps = 5
  /// Share of particles injected when the cloud is trapped (see `trappedShare`).
  public var trappedInjection = 0.25
  /// The barometer: height per floor ordinal, metres (fitted to walks that change floors with a
  /// barometer, `WalkCalibration`; a typical storey otherwise).
  public var floorHeight = 3.5
  /// The barometer: how far a particle's floor may disagree with the height the barometer
  /// climbed before it weighs less, metres (one standard deviation).
  public var barometerSigma = 1.0
  /// The barometer: other walks' pressures at known floors, on this walk's clock, that weigh the
  /// floor of each particle the filter draws from a scan (nil: none).
  public var pressureReference: PressureReference?
  /// The barometer: the time constant its pressure is smoothed over, seconds (a phone's
  /// barometer is good to about 0.03 hPa, 0.25 m, a sample: a second tames its spikes and lags
  /// a floor change by no more).
  public var pressureSmoothing = 1.0
  /// The barometer: the time constant over which the height of the cloud's floor follows the
  /// barometer while it stays within half a floor, seconds (weather drifts about 0.1 m a minute;
  /// a staircase is climbed in tens of seconds). A walker the barometer puts beyond the mapped
  /// floors, measured from there, gets fixes on that floor (`ParticleFilter.unmappedOrdinal`).
  public var floorAnchorTime = 60.0
  /// AMCL recovery: fast and slow averaging rates of the scan likelihood.
  public var recoveryFast = 0.2
  public var recoverySlow = 0.01
  /// Seconds between floor watchdog checks (another level explaining the scans far better).
  public var floorCheckInterval = 10.0
  /// How much more log-evidence (tempered) another level needs for the watchdog to inject.
  public var floorCheckMargin = 3.0
  /// Whether a reading with exactly the RSSI the previous scan had for its AP is ignored as a
  /// stale cached entry.
  public var ignoreRepeatedReadings = true
  /// Spread of particles around a known start, metres.
  public var startSpread = 1.0
  /// How much more mass another unit needs than the fix's unit to take over.
  public var unitMargin = 1.2
  /// How long, in seconds, another unit must lead before the fix's unit changes.
  public var unitHold = 0.5

  /// Defaults tuned on the sample office.
  public init() {}
}
