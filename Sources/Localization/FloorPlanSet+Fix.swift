import FingerpostCore
import FloorPlans
import Geometry

extension FloorPlanSet {
  /// The fix at `position` (metres) on `floor`, named after its level and after unit `unit` (an
  /// index into the floor plan's units), with its WGS84 coordinate.
  func fix(t: Double, floor: FloorID, position: Point, accuracy: Double, unit: Int?) -> Fix {
    let plan = self[floor]
    let named = unit.map { plan.units[$0] }
    return Fix(
      t: t, position: position, coordinate: frame.coordinate(for: position),
      ordinal: plan.ordinal, levelID: plan.levelID, building: plan.buildingIDs.first,
      unitID: named?.id, unitName: named?.label, accuracy: accuracy)
  }
}
