import Localization
import Simulation

/// The localizers a replay can run: the particle filter and its three baselines.
public enum LocalizerKind: String, CaseIterable, Sendable {
  /// The particle filter.
  case pf
  /// Fingerprinting alone, one scan at a time.
  case fingerprint
  /// Dead reckoning alone, from the start.
  case deadReckoning = "dead-reckoning"
  /// Weighted k nearest survey points of each scan alone: the reference the field quotes.
  case knn

  /// The particle filter and the baselines the scenario suite scores (kNN is scored by
  /// `assess` and `evaluate-walks`, which compare with real walks).
  public static let suite: [LocalizerKind] = [.pf, .fingerprint, .deadReckoning]
}

extension Scenario.LocalizerSettings {
  /// The particle filter's settings for this scenario: its count (adaptive between the minimum
  /// and the count when a minimum is given) and resampling threshold; the rest default.
  public var filterSettings: ParticleFilterSettings {
    var settings = ParticleFilterSettings()
    settings.particles = particles
    settings.minimumParticles = minimumParticles
    settings.resampleThreshold = resampleThreshold
    return settings
  }
}
