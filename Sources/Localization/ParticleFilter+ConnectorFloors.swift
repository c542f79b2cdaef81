import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// On stairs, ramps and walked escalators the floor is the uncertain part of the state: the step
// count that moves a particle to the next floor is only a rough clock (people walk across a
// landing first, take steps two at a time), while a scan says plainly which floor the phone is
// on. So at each scan after steps, a particle in such a connector is weighed on its own floor
// and on each floor the connector leads to, and its floor is drawn from prior × likelihood: the
// optimal proposal for that discrete part of the state (Doucet, Godsill & Andrieu 2000). Its
// weight becomes the mixture's likelihood, so no particle is lost to a floor change the step
// count timed wrong. Only the changes the clock leaves in doubt are offered: onward while the
// particle's next floor is nearly due, back while it has just reached one. A particle in the
// middle of a flight keeps its floor, so where scans cannot tell floors apart (few APs) the
// cloud does not leak between them. Riding (elevators, escalators stood on) keeps its own rate.

extension ParticleFilter {
  /// One way a particle in a connector could be: its floor plan, point and the map cell scored.
  private struct FloorOption {
    let particle: Int
    let plan: Int
    let point: Point
    let slot: Int
  }

  /// Re-weighs the particles in walked connector units (not elevators) on the floors their
  /// connector leads to that their step clock leaves in doubt, and moves each to a floor drawn
  /// from prior × tempered likelihood, when a step was taken since the last scan. `likelihoods` holds each particle's log-likelihood on
  /// its own floor on entry, and the mixture's on return (in the same untempered units, so the
  /// caller's update and recovery signal stay as they are).
  func mixConnectorFloors(_ prepared: PreparedScan, likelihoods: inout [Double]) {
    let q = settings.connectorFloorChange
    guard q > 0, steppedSinceScan else { return }
    var options: [FloorOption] = []
    var points: [(level: Int, cell: Int, offset: Double)] = []
    // Each particle scores at most one cell on each floor its connector leads to.
    let partners = motion.connectors.joined().map(\.partners.count).max() ?? 0
    var table = ScoreTable()
    table.reset(expected: particles.count * partners)
    for i in 0..<particles.count
    where particles.logWeight[i] > -.infinity && likelihoods[i] > -.infinity {
      let p = Int(particles.plan[i])
      let here = Point(x: particles.x[i], y: particles.y[i])
      guard let c = motion.connector(plan: p, at: here, where: { $0 != .elevator }) else {
        continue
      }
      let offset = particles.offset[i]
      let ordinal = plans.plans[p].ordinal
      let ways = clockWays(climb: particles.climb[i], transit: particles.transit[i])
      for partner in motion.connectors[p][c].partners
      where ways.allows(plans.plans[partner.floor.index].ordinal - ordinal) {
        let level = mapLevel[partner.floor.index]
        guard level >= 0 else { continue }
        let unit = plans.unit(partner)
        let point = unit.shape.contains(here) ? here : unit.anchorPoint
        let cell = map.levels[level].cell(at: point)
        let scored = ScoreTable.key(level: level, cell: cell, offset: offset)
        let slot = table.slot(scored.key)
        if slot == points.count { points.append((level, cell, scored.offset)) }
        options.append(
          FloorOption(particle: i, plan: partner.floor.index, point: point, slot: slot))
      }
    }
    guard !options.isEmpty else { return }
    let values = logLikelihoods(prepared, at: points)
    let temperature = settings.likelihoodTemperature
    var start = 0
    while start < options.count {
      let i = options[start].particle
      var end = start
      while end < options.count, options[end].particle == i { end += 1 }
      // Stay with probability 1 − q, or go to one of the m floors the connector leads to.
      let m = Double(end - start)
      var terms = [log(1 - q) + temperature * likelihoods[i]]
      terms += options[start..<end].map { log(q / m) + temperature * values[$0.slot] }
      let top = terms.max()!
      let total = terms.reduce(0) { $0 + exp($1 - top) }
      likelihoods[i] = (top + log(total)) / temperature
      // Draw where the particle is, in proportion to each option's share of the mixture.
      var u = rng.uniform() * total
      var choice = 0
      for (k, term) in terms.enumerated() {
        u -= exp(term - top)
        if u <= 0 {
          choice = k
          break
        }
      }
      if choice > 0 {
        let option = options[start + choice - 1]
        let ordinal = plans.plans[Int(particles.plan[i])].ordinal
        let way: Int8 = plans.plans[option.plan].ordinal > ordinal ? 1 : -1
        if particles.climb[i] == -way {
          // Taken back: its step count moved it on too early. It is still going the way it
          // went, and reaches that floor again within the step count's uncertainty.
          particles.transit[i] = Float(settings.stepsPerFloor * rng.uniform(0, 0.4))
        } else {
          // Moved on before its step count said so: a new flight before the next floor.
          particles.climb[i] = way
          particles.transit[i] = Float(
            settings.stepsPerFloor * rng.uniform(in: MotionModel.nextFlight))
        }
        particles.plan[i] = Int32(option.plan)
        particles.x[i] = option.point.x
        particles.y[i] = option.point.y
      }
      start = end
    }
  }

  /// The ways a particle's step clock leaves in doubt at a scan.
  struct ClockWays {
    var up = false
    var down = false

    /// Whether a floor `change` ordinals away (its sign) is one of them.
    func allows(_ change: Int) -> Bool { change > 0 ? up : change < 0 ? down : false }

    /// Adds the way of `climb` (+1 up, −1 down).
    mutating func insert(_ climb: Int8) {
      if climb > 0 { up = true } else if climb < 0 { down = true }
    }
  }

  /// The ways a particle's step clock leaves in doubt at a scan: onward while its next floor is
  /// due within `connectorClockWindow` of a flight (either way if it has not climbed yet), and
  /// back while it reached its floor less than that share of a flight ago.
  private func clockWays(climb: Int8, transit: Float) -> ClockWays {
    let window = Float(settings.connectorClockWindow * settings.stepsPerFloor)
    var ways = ClockWays()
    if transit.isNaN || transit < window {
      if climb == 0 { ways = ClockWays(up: true, down: true) } else { ways.insert(climb) }
    }
    // After a floor change the clock restarts at `MotionModel.nextFlight` flights.
    let restart = Float(settings.stepsPerFloor * MotionModel.nextFlight.lowerBound)
    if climb != 0, !transit.isNaN, transit > restart - window { ways.insert(-climb) }
    return ways
  }
}
