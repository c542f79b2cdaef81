import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

/// The nearest-points field of a scan over the synthetic level (points every 2 m of x, y 1…19).
@Suite struct NeighbourFieldTests {
  let map = Synthetic.map
  let locator = FingerprintLocator(map: Synthetic.map)

  func field(at p: Point, _ settings: NeighbourField.Settings = NeighbourField.Settings())
    throws -> NeighbourField
  {
    try #require(
      locator.neighbourField(map.prepare(Synthetic.scan(at: p, time: 1)), settings: settings))
  }

  @Test func theSurveyPointHeardAlikeLeadsAndTheFieldPeaksThere() throws {
    let here = Point(x: 7, y: 13)
    let field = try field(at: here)
    #expect(field.members.count == 24)
    #expect(field.members[0].position == here)
    #expect(abs(field.members.reduce(0) { $0 + $1.weight } - 1) < 1e-9)
    #expect(field.members.map(\.weight) == field.members.map(\.weight).sorted(by: >))
    // Denser at the point than 6 m off it, and nearly nothing beyond the survey.
    #expect(
      field.density(level: 0, at: here) > 3 * field.density(level: 0, at: here + Point(x: 6, y: 0)))
    #expect(
      field.density(level: 0, at: Point(x: 60, y: 60)) < 0.01 * field.density(level: 0, at: here))
  }

  @Test func theDensityIntegratesToOneOverTheLevel() throws {
    // Summed over a 0.25 m grid far beyond the points' kernels: the Gaussians' share (1 −
    // outlier) in full, and the outlier share over the mapped area within the grid.
    var settings = NeighbourField.Settings()
    settings.kernel = 2
    settings.outlier = 0
    let field = try field(at: Point(x: 9, y: 9), settings)
    var total = 0.0
    for x in stride(from: -20.0, to: 40, by: 0.25) {
      for y in stride(from: -20.0, to: 40, by: 0.25) {
        total += field.density(level: 0, at: Point(x: x, y: y)) * 0.0625
      }
    }
    #expect(abs(total - 1) < 0.01, "\(total)")
  }

  @Test func theOutlierShareIsEvenOverTheMappedArea() throws {
    var settings = NeighbourField.Settings()
    settings.outlier = 1
    let field = try field(at: Point(x: 3, y: 3), settings)
    let a = field.density(level: 0, at: Point(x: 3, y: 3))
    let b = field.density(level: 0, at: Point(x: 50, y: -30))
    #expect(a > 0 && abs(a - b) < 1e-15)
  }

  @Test func aColderFieldTrustsItsNearestPointMore() throws {
    let here = Point(x: 11, y: 5)
    let cold = try field(at: here, NeighbourField.Settings(temperature: 0.005, kernel: 2))
    let warm = try field(at: here, NeighbourField.Settings(temperature: 0.5, kernel: 2))
    #expect(cold.members[0].weight > warm.members[0].weight)
    #expect(cold.selfDensity > warm.selfDensity)
  }

  @Test func aScanOfUnknownAccessPointsHasNoField() {
    let scan = Scan(
      time: 1, device: "d", readings: [Reading(bssid: "ff:00:00:00:00:09", rssi: -50)])
    #expect(locator.neighbourField(map.prepare(scan), settings: NeighbourField.Settings()) == nil)
  }
}
