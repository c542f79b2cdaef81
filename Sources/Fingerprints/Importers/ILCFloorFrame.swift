import FingerpostCore
import Foundation
import Geometry
import JSON

/// The alignment of one ILC floor's image metres with WGS84: the floor map's bounding box
/// (`geojson_map.json`) spans the image's width and height (`floor_info.json`).
public struct ILCFloorFrame: Sendable {
  /// South-west corner of the map's bounding box.
  public let southWest: GeoCoordinate
  /// North-east corner of the map's bounding box.
  public let northEast: GeoCoordinate
  /// Image width and height in metres.
  public let width: Double
  public let height: Double

  /// Reads the frame of the floor folder holding `floor_info.json` and `geojson_map.json`.
  public init(floorFolder: URL) throws(FingerpostError) {
    func json(_ name: String) throws(FingerpostError) -> JSONValue {
      let path = floorFolder.appendingPathComponent(name).path
      do {
        return try JSONParser.parse(try FileAccess.read(path))
      } catch let error as JSONParser.SyntaxError {
        throw FingerpostError(
          .malformed, file: path, line: error.line, "not JSON (\(error.reason))")
      } catch {
        throw error as? FingerpostError ?? FingerpostError(.unreadable, file: path, "\(error)")
      }
    }
    let infoPath = floorFolder.appendingPathComponent("floor_info.json").path
    let info = try json("floor_info.json")
    guard let width = info["map_info"]?["width"]?.doubleValue,
      let height = info["map_info"]?["height"]?.doubleValue,
      width > 0, height > 0
    else {
      throw FingerpostError(
        .invalidValue, file: infoPath, field: "map_info",
        "needs a positive width and height in metres")
    }
    let map = try json("geojson_map.json")
    var low = GeoCoordinate(longitude: .infinity, latitude: .infinity)
    var high = GeoCoordinate(longitude: -.infinity, latitude: -.infinity)
    func walk(_ v: JSONValue) {
      if let a = v.arrayValue {
        if a.count >= 2, let x = a[0].doubleValue, let y = a[1].doubleValue {
          low = GeoCoordinate(longitude: min(low.longitude, x), latitude: min(low.latitude, y))
          high = GeoCoordinate(longitude: max(high.longitude, x), latitude: max(high.latitude, y))
        } else {
          a.forEach(walk)
        }
      }
    }
    // Only the features' geometries: properties hold other numbers (a shop's `point` is in
    // Web-Mercator metres).
    for feature in map["features"]?.arrayValue ?? [] {
      if let coordinates = feature["geometry"]?["coordinates"] { walk(coordinates) }
    }
    guard low.longitude.isFinite, high.longitude > low.longitude, high.latitude > low.latitude
    else {
      throw FingerpostError(
        .noData, file: floorFolder.appendingPathComponent("geojson_map.json").path,
        "has no coordinates spanning an area")
    }
    southWest = low
    northEast = high
    self.width = width
    self.height = height
  }

  /// The WGS84 position of image point `p` (metres, x right, y up).
  public func coordinate(for p: Point) -> GeoCoordinate {
    GeoCoordinate(
      longitude: southWest.longitude + p.x / width * (northEast.longitude - southWest.longitude),
      latitude: southWest.latitude + p.y / height * (northEast.latitude - southWest.latitude))
  }

  /// The origin of a whole site's local frame: the south-west corner of the map bounding boxes
  /// of every floor folder beside `floorFolder` (the folders of its parent holding a
  /// `floor_info.json`), so that every import from the site shares one frame.
  public static func siteOrigin(floorFolder: URL) throws(FingerpostError) -> GeoCoordinate {
    let site = floorFolder.deletingLastPathComponent()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: site.path)) ?? []
    var corner = try ILCFloorFrame(floorFolder: floorFolder).southWest
    for name in names.sorted() {
      let folder = site.appendingPathComponent(name)
      guard folder.standardizedFileURL != floorFolder.standardizedFileURL,
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("floor_info.json").path),
        let other = try? ILCFloorFrame(floorFolder: folder)
      else { continue }
      corner = GeoCoordinate(
        longitude: min(corner.longitude, other.southWest.longitude),
        latitude: min(corner.latitude, other.southWest.latitude))
    }
    return corner
  }
}
