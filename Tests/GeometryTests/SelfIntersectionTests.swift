import Foundation
import Geometry
import Testing

@Suite struct SelfIntersectionTests {
  /// The quadratic reference: do any two non-adjacent edges touch?
  func bruteForce(_ ring: Ring) -> Bool {
    let e = ring.edges
    let n = e.count
    for i in 0..<n {
      for j in (i + 1)..<n where !(j == i + 1 || (i == 0 && j == n - 1)) {
        if e[i].intersects(e[j]) { return true }
      }
    }
    return false
  }

  @Test func agreesWithBruteForceOnScrambledPolygons() {
    var state: UInt64 = 12345
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    for trial in 0..<200 {
      let count = 4 + trial % 12
      // A star polygon, with two vertices swapped in half the trials.
      var points = (0..<count).map { k -> Point in
        let angle = Double(k) / Double(count) * 2 * .pi
        let radius = 5 + 5 * next()
        return Point(x: radius * cos(angle), y: radius * sin(angle))
      }
      if trial % 2 == 1 { points.swapAt(0, count / 2) }
      let ring = Ring(points)
      #expect(ring.isSelfIntersecting == bruteForce(ring), "trial \(trial)")
    }
  }

  @Test func handlesTwentyThousandVerticesQuickly() {
    let n = 20_000
    var points = (0..<n).map { k -> Point in
      let angle = Double(k) / Double(n) * 2 * .pi
      return Point(x: 100 * cos(angle), y: 100 * sin(angle))
    }
    #expect(!Ring(points).isSelfIntersecting)
    points.swapAt(10, 12)  // a tiny bow-tie
    #expect(Ring(points).isSelfIntersecting)
  }
}
