import Fingerprints
import Geometry
import Testing

/// The frame a map's metres are in, from the name its file gives it.
@Suite struct MapFrameTests {
  @Test func aFrameIsReadFromItsNameAndGivesItBack() {
    let origin = GeoCoordinate(longitude: -0.066, latitude: 39.99)
    #expect(MapFrame(name: nil, origin: origin) == .local(origin: origin))
    #expect(MapFrame(name: "EPSG:3857", origin: nil) == .webMercator)
    #expect(MapFrame(name: "EPSG:2062", origin: origin) == .other("EPSG:2062"))
    for frame in [MapFrame.local(origin: origin), .webMercator, .other("EPSG:2062")] {
      #expect(MapFrame(name: frame.name, origin: origin) == frame)
    }
    #expect(!MapFrame.local(origin: nil).isProjected && MapFrame.webMercator.isProjected)
  }

  @Test func pointsAndCoordinatesAreInverseAndScaledToTheGround() throws {
    let origin = GeoCoordinate(longitude: -0.066, latitude: 39.99)
    let place = GeoCoordinate(longitude: -0.0655, latitude: 39.9905)
    for frame in [MapFrame.local(origin: origin), .webMercator] {
      let p = try #require(frame.point(for: place))
      let back = try #require(frame.coordinate(for: p))
      #expect(abs(back.latitude - place.latitude) < 1e-9)
      #expect(abs(back.longitude - place.longitude) < 1e-9)
    }
    // Web Mercator stretches distances by 1/cos(latitude): 0.766 ground metres a metre at 40° N.
    let p = try #require(MapFrame.webMercator.point(for: place))
    #expect(abs(try #require(MapFrame.webMercator.groundScale(at: p)) - 0.766) < 0.001)
    #expect(MapFrame.local(origin: origin).groundScale(at: p) == 1)
    // A projection this tool does not know has no place and no scale.
    let unknown = MapFrame.other("EPSG:2062")
    #expect(unknown.point(for: place) == nil && unknown.coordinate(for: p) == nil)
    #expect(unknown.groundScale(at: p) == nil)
    #expect(MapFrame.local(origin: nil).coordinate(for: p) == nil)
  }
}
