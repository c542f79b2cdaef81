/// A minimal valid IMDF archive as text: one building, one level (20 m × 10 m near the
/// equator), two rooms joined by a door, and an amenity, anchor and occupant.
///
/// Tests start from `files` and change one thing to provoke one finding.
public enum MiniVenue {
  public static let venueID = "11111111-1111-4111-8111-111111111111"
  public static let addressID = "22222222-2222-4222-8222-222222222222"
  public static let buildingID = "33333333-3333-4333-8333-333333333333"
  public static let levelID = "44444444-4444-4444-8444-444444444444"
  public static let roomA = "55555555-5555-4555-8555-555555555555"
  public static let roomB = "66666666-6666-4666-8666-666666666666"
  public static let doorID = "77777777-7777-4777-8777-777777777777"
  public static let anchorID = "88888888-8888-4888-8888-888888888888"
  public static let occupantID = "99999999-9999-4999-8999-999999999999"
  public static let amenityID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"

  /// Degrees per metre at the equator, near enough for fixtures.
  public static let d = 1.0 / 111_320

  /// A GeoJSON ring of a rectangle given in metres.
  public static func ring(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
    let pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    return "[" + pts.map { "[\($0.0 * d),\($0.1 * d)]" }.joined(separator: ",") + "]"
  }

  /// A feature collection of the given feature JSON objects.
  public static func collection(_ features: [String]) -> String {
    "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}"
  }

  /// A unit feature with a rectangular outline.
  public static func unit(
    _ id: String, _ category: String, _ name: String, _ r: (Double, Double, Double, Double),
    level: String = levelID
  ) -> String {
    """
    {"id":"\(id)","type":"Feature","feature_type":"unit","geometry":{"type":"Polygon","coordinates":[\(ring(r.0, r.1, r.2, r.3))]},"properties":{"category":"\(category)","name":{"en":"\(name)","fr":"\(name) (fr)"},"level_id":"\(level)","display_point":{"type":"Point","coordinates":[\((r.0 + r.2) / 2 * d),\((r.1 + r.3) / 2 * d)]},"vendor_note":"kept"}}
    """
  }

  /// An opening feature between two points in metres.
  public static func opening(
    _ id: String, _ a: (Double, Double), _ b: (Double, Double), category: String = "pedestrian"
  ) -> String {
    """
    {"id":"\(id)","type":"Feature","feature_type":"opening","geometry":{"type":"LineString","coordinates":[[\(a.0 * d),\(a.1 * d)],[\(b.0 * d),\(b.1 * d)]]},"properties":{"category":"\(category)","level_id":"\(levelID)","door":{"type":"hinged"}}}
    """
  }

  /// The archive's files.
  public static var files: [String: String] {
    [
      "manifest.json": #"{"version":"1.0.0","created":"2026-01-01T00:00:00Z","language":"en"}"#,
      "address.geojson": collection([
        #"{"id":"\#(addressID)","type":"Feature","feature_type":"address","geometry":null,"properties":{"address":"1 Test Road","locality":"Testville","country":"GB"}}"#
      ]),
      "venue.geojson": collection([
        #"{"id":"\#(venueID)","type":"Feature","feature_type":"venue","geometry":{"type":"Polygon","coordinates":[\#(ring(-5, -5, 25, 15))]},"properties":{"category":"businesscampus","name":{"en":"Mini"},"address_id":"\#(addressID)","display_point":{"type":"Point","coordinates":[\#(10 * d),\#(5 * d)]}}}"#
      ]),
      "building.geojson": collection([
        #"{"id":"\#(buildingID)","type":"Feature","feature_type":"building","geometry":null,"properties":{"category":"unspecified","name":{"en":"Block A"}}}"#
      ]),
      "footprint.geojson": collection([
        #"{"id":"bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb","type":"Feature","feature_type":"footprint","geometry":{"type":"Polygon","coordinates":[\#(ring(0, 0, 20, 10))]},"properties":{"category":"ground","building_ids":["\#(buildingID)"]}}"#
      ]),
      "level.geojson": collection([
        #"{"id":"\#(levelID)","type":"Feature","feature_type":"level","geometry":{"type":"Polygon","coordinates":[\#(ring(0, 0, 20, 10))]},"properties":{"category":"unspecified","ordinal":0,"outdoor":false,"name":{"en":"Ground"},"short_name":{"en":"G"},"building_ids":["\#(buildingID)"]}}"#
      ]),
      "unit.geojson": collection([
        unit(roomA, "room", "Room A", (0, 0, 10, 10)),
        unit(roomB, "office", "Room B", (10, 0, 20, 10)),
      ]),
      "opening.geojson": collection([opening(doorID, (10, 4.5), (10, 5.5))]),
      "anchor.geojson": collection([
        #"{"id":"\#(anchorID)","type":"Feature","feature_type":"anchor","geometry":{"type":"Point","coordinates":[\#(5 * d),\#(5 * d)]},"properties":{"unit_id":"\#(roomA)","address_id":null}}"#
      ]),
      "occupant.geojson": collection([
        #"{"id":"\#(occupantID)","type":"Feature","feature_type":"occupant","geometry":null,"properties":{"name":{"en":"Acme"},"category":"office","anchor_id":"\#(anchorID)"}}"#
      ]),
      "amenity.geojson": collection([
        #"{"id":"\#(amenityID)","type":"Feature","feature_type":"amenity","geometry":{"type":"Point","coordinates":[\#(15 * d),\#(5 * d)]},"properties":{"category":"atm","unit_ids":["\#(roomB)"]}}"#
      ]),
    ]
  }
}
