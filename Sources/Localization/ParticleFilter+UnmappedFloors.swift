import FingerpostCore
import FloorPlans

// Floors the map lacks: a venue drawn from a survey has only the floors its walks surveyed, and
// an IMDF venue may leave out a basement or a car park. The cloud cannot go there (no particle
// lives on a floor without a plan), but the barometer tells that the walker did: the fix then
// names the floor the barometer puts the walker on, beyond the building's mapped floors, at the
// cloud's position (no level, no unit). The height is measured from where the cloud last held its
// floor, an anchor that follows the barometer slowly while it stays within half a floor (so the
// weather's drift does not add up to a floor) and holds still while the walker climbs.

/// Where the cloud last held a mapped floor, by the barometer.
struct FloorAnchor: Sendable {
  /// The plan the cloud's estimate is on.
  var plan: Int
  /// The barometer's height there (`BarometerTrack.height`), metres.
  var height: Double
  /// The time it was last followed, seconds.
  var time: Double
}

extension ParticleFilter {
  /// The ordinal the barometer puts the walker on when that is beyond every floor mapped in the
  /// building of plan `best` (the cloud's estimate at `t`, seconds), else nil; moves the anchor.
  func unmappedOrdinal(plan best: Int, at t: Double) -> Int? {
    guard var track = barometer else { return nil }
    let height = track.height
    guard var anchor = track.anchor, anchor.plan == best else {
      track.anchor = FloorAnchor(plan: best, height: height, time: t)
      barometer = track
      return nil
    }
    let floors = (height - anchor.height) / settings.floorHeight
    var beyond: Int?
    if abs(floors) < 0.5 {
      let share = min(1, max(0, t - anchor.time) / max(settings.floorAnchorTime, 1e-3))
      anchor.height += share * (height - anchor.height)
    } else {
      let plan = plans.plans[best]
      let ordinal = plan.ordinal + Int(floors.rounded())
      let mapped = plans.plans.lazy
        .filter { Set($0.buildingIDs) == Set(plan.buildingIDs) }.map(\.ordinal)
      if let low = mapped.min(), let high = mapped.max(), ordinal < low || ordinal > high {
        beyond = ordinal
      }
    }
    anchor.time = max(anchor.time, t)
    track.anchor = anchor
    barometer = track
    return beyond
  }
}
