import Geometry
import Testing

/// A coordinate is valid within its ranges, and written to GeoJSON at 7 decimal places.
@Suite struct GeoCoordinateTests {
  @Test func aGeoJSONPositionIsLongitudeFirstRoundedToSevenPlaces() {
    let c = GeoCoordinate(longitude: 24.938_653_77_49, latitude: -60.170_140_25_01)
    #expect(c.geoJSONPosition == [24.938_653_8, -60.170_140_3])
    #expect(GeoCoordinate(longitude: 180, latitude: 0).geoJSONPosition == [180, 0])
  }

  @Test func aCoordinateIsValidOnlyFiniteAndWithinRange() {
    #expect(GeoCoordinate(longitude: -180, latitude: 90).isValid)
    #expect(!GeoCoordinate(longitude: 180.000_1, latitude: 0).isValid)
    #expect(!GeoCoordinate(longitude: 0, latitude: -90.1).isValid)
    #expect(!GeoCoordinate(longitude: .nan, latitude: 0).isValid)
  }
}
