import FloorPlans

extension World {
  /// An upper bound on the memory the fields of every plan take once computed, bytes: each AP
  /// that reaches a plan held over the plan's whole grid (a field keeps only the block where it
  /// is heard), plus what each of the two workers holds while it computes a spot.
  public var fieldMemoryBound: Int {
    plans.plans.indices.reduce(0) { total, p in
      guard let bounds = plans.plans[p].walkableBounds else { return total }
      let nodes = FieldGrid(covering: bounds, spacing: model.gridSpacing).count
      let accessPoints = spots[p].reduce(0) { $0 + $1.accessPoints.count }
      // 4 bytes a node a field; walls (2 × 2 bytes), shadowing and values (4 + 4) a worker.
      return total + accessPoints * nodes * 4 + 2 * nodes * 12
    }
  }

  /// The nodes of every plan's field grid: what `grid_spacing` scales.
  public var fieldNodes: Int {
    plans.plans.reduce(0) { total, plan in
      guard let bounds = plan.walkableBounds else { return total }
      return total + FieldGrid(covering: bounds, spacing: model.gridSpacing).count
    }
  }
}
