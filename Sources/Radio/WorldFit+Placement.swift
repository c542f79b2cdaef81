import FingerpostCore
import FloorPlans
import Foundation
import Geometry

extension WorldFit.Work {
  /// Places every radio heard in enough training cells (two workers), with path-loss
  /// `exponent`.
  mutating func placeAll(exponent: Double, walls: Bool = false) {
    let work = self
    let workers = 2
    let parts = concurrentMap(workers) { k in
      stride(from: k, to: work.radios.count, by: workers).map { r in
        (r, work.place(r, exponent: exponent, walls: walls))
      }
    }
    for part in parts {
      for (r, position) in part { positions[r] = position }
    }
  }

  /// Where radio `r` is: its known position, or the floor where it is heard strongest and the
  /// point there whose log-distance model (with `exponent`) fits its training cell means best;
  /// `nil` when heard in too few training cells. With `walls`, the fine search also counts the
  /// walls to each cell, at the current wall losses.
  func place(_ r: Int, exponent: Double, walls: Bool) -> (floor: Int, point: Point)? {
    if let known = radios[r].known { return (known.floor.index, known.point) }
    let training = trainingTallies(r)
    guard training.count >= settings.minimumCells else { return nil }
    // The floor whose three strongest cells are strongest on average.
    var byFloor: [Int: [Double]] = [:]
    for tally in training { byFloor[cells[tally.cell].floor, default: []].append(tally.mean) }
    var floor = -1
    var loudest = -Double.infinity
    for (f, means) in byFloor.sorted(by: { $0.key < $1.key }) {
      let top = means.sorted(by: >).prefix(3)
      let level = top.reduce(0, +) / Double(top.count)
      if level > loudest { (floor, loudest) = (f, level) }
    }
    let observations: [(point: Point, rssi: Double, weight: Double)] = training.filter {
      cells[$0.cell].floor == floor
    }.map { (cells[$0.cell].point, $0.mean, Double($0.heard)) }
    let strongest = observations.map { $0.rssi }.max()!
    let strong = observations.filter { $0.rssi >= strongest - 10 }.map { $0.point }
    var box = BoundingBox(points: strong)!.expanded(by: 8)
    if let bounds = plans.plans[floor].walkableBounds, bounds.intersects(box) {
      box = BoundingBox(
        min: Point(x: max(box.min.x, bounds.min.x), y: max(box.min.y, bounds.min.y)),
        max: Point(x: min(box.max.x, bounds.max.x), y: min(box.max.y, bounds.max.y)))
    }
    let height2 = model.antennaHeightDifference * model.antennaHeightDifference
    // The weighted squared error of the cell means around the best power, with the AP at `p`.
    var found: [Int32] = []
    var countsWalls = false
    func misfit(_ p: Point) -> Double {
      var (sw, sz, szz) = (0.0, 0.0, 0.0)
      for o in observations {
        let dx = o.point.x - p.x
        let dy = o.point.y - p.y
        let squared: Double = dx * dx + dy * dy + height2
        var z: Double = o.rssi + exponent * 5 * log10(max(squared, 1))
        if countsWalls {
          let crossed = self.walls(on: floor, from: p, to: o.point, found: &found)
          z += theta[1] * crossed.light + theta[2] * crossed.heavy
        }
        sw += o.weight
        sz += o.weight * z
        szz += o.weight * z * z
      }
      return szz - sz * sz / sw
    }
    func search(_ box: BoundingBox, step: Double, from start: Point?) -> Point {
      var best = (point: start ?? box.min, misfit: start.map(misfit) ?? .infinity)
      var y = box.min.y
      while y <= box.max.y + 1e-9 {
        var x = box.min.x
        while x <= box.max.x + 1e-9 {
          let p = Point(x: x, y: y)
          let m = misfit(p)
          if m < best.misfit { best = (p, m) }
          x += step
        }
        y += step
      }
      return best.point
    }
    let coarse = search(box, step: settings.searchStep, from: nil)
    countsWalls = walls
    let fine = search(
      BoundingBox(min: coarse, max: coarse).expanded(by: settings.searchStep),
      step: settings.searchStep / (walls ? 2 : 4), from: walls ? nil : coarse)
    return (floor, fine)
  }
}
