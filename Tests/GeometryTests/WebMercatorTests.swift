import Foundation
import Geometry
import Testing

/// EPSG:3857 against IOGP Guidance Note 7-2's worked example for Popular Visualisation Pseudo
/// Mercator, and the projection's square world.
@Suite struct WebMercatorTests {
  /// 24°22'54.433"N, 100°20'00"W ↔ E −11 169 055.58 m, N 2 800 000.00 m.
  let example = GeoCoordinate(
    longitude: -(100 + 20.0 / 60), latitude: 24 + 22.0 / 60 + 54.433 / 3600)

  @Test func projectsTheGuidanceNoteExample() {
    let p = WebMercator.point(for: example)
    #expect(abs(p.x - -11_169_055.58) < 0.01)
    #expect(abs(p.y - 2_800_000.00) < 0.01)
  }

  @Test func unprojectsTheGuidanceNoteExample() {
    let c = WebMercator.coordinate(for: Point(x: -11_169_055.58, y: 2_800_000.00))
    #expect(abs(c.longitude - example.longitude) < 1e-7)
    #expect(abs(c.latitude - example.latitude) < 1e-7)
  }

  @Test func theWorldIsASquareToLatitude85() {
    let corner = WebMercator.coordinate(
      for: Point(x: 20_037_508.342789244, y: 20_037_508.342789244))
    #expect(abs(corner.longitude - 180) < 1e-9)
    #expect(abs(corner.latitude - 85.0511287798) < 1e-9)
  }

  @Test func groundMetresShrinkByTheCosineOfLatitude() {
    let p = WebMercator.point(for: GeoCoordinate(longitude: -0.067, latitude: 40))
    #expect(abs(WebMercator.groundScale(atY: p.y) - cos(40 * Double.pi / 180)) < 1e-12)
    // A projected metre east at 40° N is cos(40°) metres on the ground, to the 0.14 % the
    // sphere differs from the WGS84 ellipsoid there.
    let east = WebMercator.coordinate(for: Point(x: p.x + 1000, y: p.y))
    let frame = LocalFrame(origin: WebMercator.coordinate(for: p))
    let ground = frame.point(for: east).x
    #expect(abs(ground / (1000 * cos(40 * Double.pi / 180)) - 1) < 0.002)
  }
}
