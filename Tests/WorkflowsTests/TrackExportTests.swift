import FingerpostCore
import Foundation
import Geometry
import JSON
import Testing
import Workflows

@Suite struct TrackExportTests {
  @Test func linesSplitAtFloorChangesAndEveryFixIsAPoint() throws {
    let frame = LocalFrame(origin: GeoCoordinate(longitude: 25, latitude: 60))
    let truth = (0..<6).map { k in
      TruthSample(t: Double(k), ordinal: k < 3 ? 0 : 1, position: Point(x: Double(k), y: 0))
    }
    let fixes = (0..<2).map { k in
      Fix(
        t: Double(k), position: Point(x: 0, y: Double(k) * 10), ordinal: 0, levelID: "L0",
        unitID: "U\(k)", unitName: "Room \(k)", accuracy: 2)
    }
    let collection = TrackExport.featureCollection(truth: truth, fixes: fixes, frame: frame)
    let features = try #require(collection.objectValue?["features"]?.arrayValue)
    func property(_ f: JSONValue, _ key: String) -> JSONValue? {
      f.objectValue?["properties"]?.objectValue?[key]
    }
    let tracks = features.compactMap { property($0, "track")?.stringValue }
    #expect(tracks == ["truth", "truth", "fixes", "fix", "fix"])
    #expect(features.prefix(2).compactMap { property($0, "ordinal")?.doubleValue } == [0, 1])
    let last = try #require(features.last)
    #expect(property(last, "unit_name")?.stringValue == "Room 1")
    #expect(property(last, "accuracy_m")?.doubleValue == 2)
    // 10 m north of the origin: about 0.0000898° of latitude, GeoJSON's [lon, lat] order.
    let coordinates = try #require(
      last.objectValue?["geometry"]?.objectValue?["coordinates"]?.arrayValue?.compactMap {
        (v: JSONValue) in v.doubleValue
      })
    #expect(coordinates[0] == 25 && abs(coordinates[1] - 60.0000898) < 1e-6)
  }
}
