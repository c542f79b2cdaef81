import ConfigFiles
import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Motion
import Radio

/// A walk to simulate and replay: venue, world, radio map source, route, device, dead-reckoning
/// noise, events, localizer settings and seed. Read from YAML (or JSON) by `Scenario(contentsOf:)`.
public struct Scenario: Sendable {
  /// A place named in a scenario: a unit (by name or id, optionally on an ordinal) or a point.
  public enum Place: Sendable, Hashable {
    case unit(String, ordinal: Int?)
    case point(ordinal: Int, x: Double, y: Double)
  }

  /// One stop of the route.
  public struct Stop: Sendable, Hashable {
    public var place: Place
    /// Seconds standing there.
    public var dwell: Double
    /// Walking speed towards it, m/s.
    public var speed: Double
    /// The line of the stop in the file, for messages.
    public var line: Int?
  }

  /// Where the radio map comes from.
  public enum RadioMapSource: Sendable, Hashable {
    /// A survey to ingest (the result is cached by content), with the grid size in metres.
    case survey(URL, grid: Double)
    /// A radio map file.
    case map(URL)
  }

  /// Something that happens during the walk.
  public enum Event: Sendable, Hashable {
    /// From `at` seconds on, a share of the APs (or the listed BSSIDs) are off.
    case accessPointsOff(at: Double, share: Double, bssids: [String])
    /// At `at` seconds the walker is carried to `place` without the localizer being told.
    case kidnap(at: Double, place: Place)
    /// From `at` for `duration` seconds no scan is reported.
    case blackout(at: Double, duration: Double)
  }

  /// Settings for the localizer (read here, used by the replay).
  public struct LocalizerSettings: Sendable, Hashable {
    /// Particles (the fixed count, or the maximum when adaptive).
    public var particles = 2000
    /// The minimum when adaptive (KLD sampling); `nil` for a fixed count.
    public var minimumParticles: Int?
    /// Whether the filter is told the start (else it starts globally).
    public var knownStart = true
    /// Resample when the effective sample size falls below this share of the particles.
    public var resampleThreshold = 0.5
    /// Fixes a second.
    public var fixRate = 2.0
  }

  /// The file read.
  public let file: URL
  /// The venue folder or zip.
  public var venue: URL
  /// The world file.
  public var world: URL
  /// Where the radio map comes from.
  public var radioMap: RadioMapSource
  /// Where the walk starts.
  public var start: Place
  /// The route.
  public var stops: [Stop]
  /// How long level changes take, and the cadence.
  public var pace: TrueWalk.Pace
  /// The phone: its name and the overrides of the world's scan settings.
  public var device: Device
  /// Whether the device offset was given (else it is drawn from the world's model).
  public var deviceOffsetGiven: Bool
  /// The dead-reckoning error model.
  public var deadReckoning: StepNoise
  /// The phone's barometer, when the scenario gives it one (`barometer:`): the walk then has
  /// pressure records.
  public var barometer: BarometerNoise?
  /// Events during the walk.
  public var events: [Event]
  /// Localizer settings.
  public var localizer: LocalizerSettings
  /// The seed of everything random in the walk.
  public var seed: UInt64
  /// Truth samples a second.
  public var truthRate: Double
}
