import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import JSON
import VenueGeneration

/// A Microsoft ILC 2.0 site's floor maps as an IMDF venue: one level per floor folder (ordinal
/// from its name: B1 = −1, F1 = 0, …) whose outline is the map's `floor` feature, each other
/// polygon a unit — a shop a `room`, the maps' voids (`zhongkong`) `opentobelow`, their
/// auxiliary areas (`fuzhumian`: planters, shafts, back rooms) and areas closed to the public
/// (`feikaifangquyu`) `nonpublic` — the outline minus
/// the units walkway, and doors inferred where a shop meets it (`OutlineVenue`). Drawn in the
/// site's frame (`ILCFloorFrame.siteOrigin`), the frame `walk import` writes walks in.
public struct ILCVenueImporter: Sendable {
  /// What an import made.
  public struct Result: Sendable {
    /// The venue as read.
    public var venue: OutlineVenue
    /// Its IMDF features, ready to write.
    public var features: VenueBuilder
    /// What the door inference did.
    public var doors: OutlineVenue.DoorReport
  }

  /// Unit categories for the maps' own names of non-shop polygons.
  public static let categories = [
    "zhongkong": "opentobelow", "fuzhumian": "nonpublic", "feikaifangquyu": "nonpublic",
  ]

  /// An importer.
  public init() {}

  /// The floor folders of `site`: its folders holding `floor_info.json` and `geojson_map.json`
  /// whose name is a floor name, by ordinal.
  public static func floorFolders(_ site: String) throws(FingerpostError) -> [(
    folder: URL, name: String, ordinal: Int
  )] {
    guard FileAccess.isDirectory(site) else {
      throw FingerpostError(.notFound, file: site, "no such folder")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: site)) ?? []
    let floors = names.sorted().compactMap { name -> (URL, String, Int)? in
      let folder = URL(fileURLWithPath: site).appendingPathComponent(name)
      guard let ordinal = ILCPathImporter.ordinal(floorName: name),
        FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("geojson_map.json").path)
      else { return nil }
      return (folder, name, ordinal)
    }
    guard !floors.isEmpty else {
      throw FingerpostError(
        .noData, file: site,
        "holds no floor folder (B1, F1, …) with floor_info.json and geojson_map.json")
    }
    return floors.sorted { $0.2 < $1.2 }.map { (folder: $0.0, name: $0.1, ordinal: $0.2) }
  }

  /// Reads the site folder `site` into a venue called `name`.
  public func importSite(_ site: String, name: String) throws(FingerpostError) -> Result {
    let floorFolders = try Self.floorFolders(site)
    let origin = try ILCFloorFrame.siteOrigin(floorFolder: floorFolders[0].folder)
    let frame = LocalFrame(origin: origin)
    var floors: [OutlineVenue.Floor] = []
    for floor in floorFolders {
      let path = floor.folder.appendingPathComponent("geojson_map.json").path
      let map: JSONValue
      do {
        map = try JSONParser.parse(try FileAccess.read(path))
      } catch let error as JSONParser.SyntaxError {
        throw FingerpostError(
          .malformed, file: path, line: error.line, "not JSON (\(error.reason))")
      } catch {
        throw error as? FingerpostError ?? FingerpostError(.unreadable, file: path, "\(error)")
      }
      var outline: [Polygon] = []
      var units: [OutlineVenue.Unit] = []
      for (index, feature) in (map["features"]?.arrayValue ?? []).enumerated() {
        let properties = feature["properties"]
        let polygons = Self.polygons(feature["geometry"], frame: frame)
        guard !polygons.isEmpty else {
          throw FingerpostError(
            .invalidValue, file: path, field: "features[\(index)].geometry",
            "is not a Polygon or MultiPolygon of lon/lat rings")
        }
        if properties?["type"]?.stringValue == "floor" {
          outline += polygons
          continue
        }
        let unitName = properties?["name"]?.stringValue
        let category = unitName.flatMap { Self.categories[$0] } ?? "room"
        let shown = category == "room" ? unitName : nil
        units += polygons.map { OutlineVenue.Unit(name: shown, category: category, shape: $0) }
      }
      guard !outline.isEmpty else {
        throw FingerpostError(
          .missingField, file: path, field: "features",
          "has no feature whose properties say \"type\": \"floor\" (the floor's outline)")
      }
      floors.append(
        OutlineVenue.Floor(name: floor.name, ordinal: floor.ordinal, outline: outline, units: units)
      )
    }
    let venue = OutlineVenue(
      name: name, origin: origin, floors: floors, generator: "fingerpost venue import ilc")
    let (features, doors) = venue.builder()
    return Result(venue: venue, features: features, doors: doors)
  }

  /// The polygons of a GeoJSON Polygon or MultiPolygon, in `frame` (empty when it is neither).
  static func polygons(_ geometry: JSONValue?, frame: LocalFrame) -> [Polygon] {
    func ring(_ value: JSONValue) -> Ring? {
      let points = (value.arrayValue ?? []).compactMap { position -> Point? in
        guard let p = position.arrayValue, p.count >= 2, let lon = p[0].doubleValue,
          let lat = p[1].doubleValue
        else { return nil }
        return frame.point(for: GeoCoordinate(longitude: lon, latitude: lat))
      }
      let ring = Ring(points)
      return ring.points.count >= 3 ? ring : nil
    }
    func polygon(_ value: JSONValue) -> Polygon? {
      let rings = (value.arrayValue ?? []).compactMap(ring)
      guard let exterior = rings.first else { return nil }
      return Polygon(exterior: exterior, holes: Array(rings.dropFirst()))
    }
    let coordinates = geometry?["coordinates"]
    switch geometry?["type"]?.stringValue {
    case "Polygon": return coordinates.flatMap(polygon).map { [$0] } ?? []
    case "MultiPolygon": return (coordinates?.arrayValue ?? []).compactMap(polygon)
    default: return []
    }
  }
}
