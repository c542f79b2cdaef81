import FingerpostCore
import Foundation

// The barometer: air pressure falls about 0.12 hPa a metre up, so its change tells how far the
// walker climbed, though not on which floor it started (weather and phones shift the absolute
// pressure). Each particle keeps the floor it would be on had the walker not climbed
// (`ParticleCloud.floorBase`, set at its birth); a particle that changes floor when the
// barometer does not, or stays when it does, drifts from that base and weighs less at each scan.
// A particle injected from a scan is a hypothesis the cloud did not hold, born with no history:
// it takes its base where it is born, so a cloud that started on the wrong floor (the barometer
// cannot tell which floor the walk began on) can be corrected by the scans.

/// The barometer as the filter reads it: the pressure smoothed over time, and the first one.
struct BarometerTrack: Sendable {
  /// The first smoothed pressure, hPa.
  var first: Double
  /// The smoothed pressure now, hPa.
  var current: Double
  /// The time of the last sample, seconds.
  var time: Double
  /// Where the cloud last held a mapped floor (`ParticleFilter.unmappedOrdinal`).
  var anchor: FloorAnchor? = nil

  /// The height climbed since the first sample, metres.
  var height: Double { Pressure.heightChange(from: first, to: current) }
}

extension ParticleFilter {
  /// Takes one barometer sample: the pressure is smoothed with `pressureSmoothing`.
  public func pressure(_ sample: Pressure) {
    guard sample.hPa.isFinite, Pressure.plausible.contains(sample.hPa) else { return }
    guard var track = barometer else {
      barometer = BarometerTrack(first: sample.hPa, current: sample.hPa, time: sample.t)
      return
    }
    let dt = max(0, sample.t - track.time)
    let share = min(1, dt / max(settings.pressureSmoothing, 1e-3))
    track.current += share * (sample.hPa - track.current)
    track.time = max(track.time, sample.t)
    barometer = track
  }

  /// Adds each live particle's barometer log-likelihood to `logWeight`: a Gaussian of
  /// `barometerSigma` metres on the height between its floor and where the barometer puts it;
  /// particles born since the last scan take their base from the barometer now.
  func weighByBarometer() {
    guard let track = barometer else { return }
    let height = settings.floorHeight
    let climbed = track.height / height
    let scale = height * height / (2 * settings.barometerSigma * settings.barometerSigma)
    for i in particles.logWeight.indices where particles.logWeight[i] > -.infinity {
      let level = planOrdinal[Int(particles.plan[i])] - climbed
      guard !particles.floorBase[i].isNaN else {
        particles.floorBase[i] = Float(level)
        continue
      }
      let drift = level - Double(particles.floorBase[i])
      particles.logWeight[i] -= scale * drift * drift
    }
  }
}
