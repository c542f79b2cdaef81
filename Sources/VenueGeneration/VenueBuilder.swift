import Foundation
import Geometry
import IMDF

/// Assembles an IMDF archive from shapes drawn in local metres, and writes it to a folder.
///
/// Features are keyed by readable names (`"level:1"`, `"unit:1:room-3"`) that become stable
/// UUIDs, so references are written by key and the same venue always gets the same ids.
public struct VenueBuilder: Sendable {
  /// The local frame the shapes are drawn in.
  public let frame: LocalFrame
  /// The generator name written to the manifest.
  public let generator: String
  /// The venue's short name; it namespaces the ids, so no two sample venues share one.
  public let name: String
  private(set) var features: [FeatureType: [JSONValue]] = [:]

  /// Starts an empty venue called `name` whose local frame is centred at `origin`, written by
  /// `generator` (by default `fingerpost venue generate NAME`).
  public init(name: String, origin: GeoCoordinate, generator: String? = nil) {
    frame = LocalFrame(origin: origin)
    self.name = name
    self.generator = generator ?? "fingerpost venue generate \(name)"
  }

  /// The stable UUID of a feature key, within this venue.
  public func id(_ key: String) -> String { StableUUID.make("\(name)/\(key)") }

  /// Adds a feature of `type` with key `key`, geometry and properties.
  public mutating func add(
    _ type: FeatureType, _ key: String, geometry: JSONValue, properties: [String: JSONValue]
  ) {
    let feature: JSONValue = .object([
      "id": .string(id(key)), "type": .string("Feature"), "feature_type": .string(type.rawValue),
      "geometry": geometry, "properties": .object(properties),
    ])
    features[type, default: []].append(feature)
  }

  /// A GeoJSON Polygon of a ring drawn in metres (closed on output).
  public func polygon(_ ring: [Point], holes: [[Point]] = []) -> JSONValue {
    .object(["type": "Polygon", "coordinates": .array(([ring] + holes).map(closedRing))])
  }

  /// A GeoJSON MultiPolygon of polygons drawn in metres (one Polygon when there is one).
  public func multiPolygon(_ polygons: [Polygon]) -> JSONValue {
    guard polygons.count != 1 else {
      return polygon(polygons[0].exterior.points, holes: polygons[0].holes.map(\.points))
    }
    return .object([
      "type": "MultiPolygon",
      "coordinates": .array(
        polygons.map { .array(([$0.exterior] + $0.holes).map { closedRing($0.points) }) }),
    ])
  }

  /// A GeoJSON LineString between two local points.
  public func line(_ a: Point, _ b: Point) -> JSONValue {
    .object(["type": "LineString", "coordinates": .array([position(a), position(b)])])
  }

  /// A GeoJSON Point at a local point.
  public func point(_ p: Point) -> JSONValue {
    .object(["type": "Point", "coordinates": position(p)])
  }

  private func closedRing(_ ring: [Point]) -> JSONValue {
    .array((ring + [ring[0]]).map(position))
  }

  private func position(_ p: Point) -> JSONValue {
    let c = frame.coordinate(for: p)
    // 1e-9 degrees is about 0.1 mm: plenty, and keeps the files small and stable.
    func round(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }
    return .array([.number(round(c.longitude)), .number(round(c.latitude))])
  }

  /// The archive's files: `manifest.json` and one `.geojson` per feature type, by name.
  public func files() throws -> [String: Data] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let manifest: JSONValue = .object([
      "version": "1.0.0", "created": "2026-01-01T00:00:00Z", "generated_by": .string(generator),
      "language": "en",
    ])
    var files = ["manifest.json": try encoder.encode(manifest)]
    for type in FeatureType.allCases {
      guard let list = features[type] else { continue }
      var text = "{\"type\":\"FeatureCollection\",\"name\":\"\(type.rawValue)\",\"features\":[\n"
      text += try list.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        .joined(separator: ",\n")
      text += "\n]}\n"
      files[type.fileName] = Data(text.utf8)
    }
    return files
  }

  /// Writes `files()` into `folder`, each atomically.
  public func write(to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, data) in try files() {
      try data.write(to: folder.appendingPathComponent(name), options: .atomic)
    }
  }

  /// The venue these features make, loaded in memory (named `path` in its findings).
  public func venue(path: String) throws -> Venue {
    VenueLoader.load(files: try files(), path: path)
  }
}
