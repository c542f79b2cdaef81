import FingerpostCore
import FloorPlans
import Geometry

extension FloorPlanSet {
  /// The fix at `position` (metres) on floor plan `plan`, named after its level and after unit
  /// `unit` (an index into the plan's units), with its WGS84 coordinate.
  func fix(t: Double, plan: Int, position: Point, accuracy: Double, unit: Int?) -> Fix {
    let floor = plans[plan]
    let named = unit.map { floor.units[$0] }
    return Fix(
      t: t, position: position, coordinate: frame.coordinate(for: position),
      ordinal: floor.ordinal, levelID: floor.levelID, building: floor.buildingIDs.first,
      unitID: named?.id, unitName: named?.label, accuracy: accuracy)
  }
}
