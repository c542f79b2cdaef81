import FloorPlans

extension PropagationModel {
  /// Per wall of `plan`, whether it is heavy: an outer wall, or a side of a unit whose category
  /// is in `heavyCategories`.
  public func heavyWalls(of plan: FloorPlan) -> [Bool] {
    plan.wallSides.map { sides in
      sides.otherUnit == nil || heavyCategories.contains(plan.units[sides.unit].category)
        || sides.otherUnit.map { heavyCategories.contains(plan.units[$0].category) } ?? false
    }
  }
}
