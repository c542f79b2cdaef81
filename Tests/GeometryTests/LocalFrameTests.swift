import Foundation
import Geometry
import Testing

/// Reference distances from GeographicLib (Karney's geodesic solver) on WGS84.
@Suite struct LocalFrameTests {
  let frame = LocalFrame(origin: GeoCoordinate(longitude: 30.3817, latitude: 60.0072))

  @Test(arguments: [
    (30.3817, 60.02518, 2003.1979),
    (30.4175, 60.0072, 1997.2059),
    (30.4070, 60.0200, 2006.2599),
  ])
  func distanceFromOriginMatchesGeodesic(lon: Double, lat: Double, geodesic: Double) {
    let p = frame.point(for: GeoCoordinate(longitude: lon, latitude: lat))
    #expect(abs(p.length - geodesic) < 0.01)
  }

  @Test func distanceBetweenTwoFarPointsMatchesGeodesic() {
    let a = frame.point(for: GeoCoordinate(longitude: 30.3817, latitude: 60.02518))
    let b = frame.point(for: GeoCoordinate(longitude: 30.4175, latitude: 60.0072))
    #expect(abs(a.distance(to: b) - 2828.3331) < 0.01)
    let c = frame.point(for: GeoCoordinate(longitude: 30.3617, latitude: 59.9947))
    let d = frame.point(for: GeoCoordinate(longitude: 30.4017, latitude: 60.0197))
    #expect(abs(c.distance(to: d) - 3568.9791) < 0.01)
  }

  @Test func directionAndDistanceOfAGeodesicEndpoint() {
    // GeographicLib Direct: from the origin, azimuth 200°, 1500 m.
    let p = frame.point(for: GeoCoordinate(longitude: 30.3725074229, latitude: 59.9945481245))
    #expect(abs(p.length - 1500) < 0.01)
    let azimuth = (atan2(p.x, p.y) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    #expect(abs(azimuth - 200) < 0.001)
  }

  @Test func roundTripIsBelowAMillimetre() {
    for (x, y) in [(0.0, 0.0), (1999.0, 0.0), (-1500.0, 1300.0), (400.0, -1900.0), (1.5, 2.5)] {
      let p = Point(x: x, y: y)
      let back = frame.point(for: frame.coordinate(for: p))
      #expect(back.distance(to: p) < 0.001)
    }
  }

  @Test func worksInOtherHemispheres() {
    let south = LocalFrame(origin: GeoCoordinate(longitude: 2.35, latitude: -33.0))
    let p = south.point(for: GeoCoordinate(longitude: 2.3737, latitude: -33.0143))
    #expect(abs(p.length - 2723.9533) < 0.01)
    #expect(p.x > 0 && p.y < 0)
  }
}

/// A point carried from one frame into another stays at the same place on the Earth.
@Suite struct LocalFrameCarryTests {
  @Test func aPointCarriedBetweenFramesKeepsItsPlace() {
    let a = LocalFrame(origin: GeoCoordinate(longitude: 120.07, latitude: 30.29))
    let b = LocalFrame(origin: a.coordinate(for: Point(x: 100, y: 50)))
    let p = Point(x: 130, y: 20)
    let carried = b.point(p, from: a)
    #expect(carried.distance(to: Point(x: 30, y: -30)) < 0.01)
    #expect(a.point(carried, from: b).distance(to: p) < 1e-6)
    #expect(a.point(p, from: a) == p)
  }
}
