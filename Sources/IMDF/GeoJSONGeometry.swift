@_exported import JSON

@_exported import struct Geometry.GeoCoordinate

/// A GeoJSON geometry in WGS84 `[longitude, latitude]` positions.
public enum GeoJSONGeometry: Hashable, Sendable {
  case point(GeoCoordinate)
  case multiPoint([GeoCoordinate])
  case lineString([GeoCoordinate])
  case multiLineString([[GeoCoordinate]])
  /// Rings, exterior first; each ring as written (normally closed).
  case polygon([[GeoCoordinate]])
  case multiPolygon([[[GeoCoordinate]]])

  /// The GeoJSON type name, e.g. `Polygon`.
  public var kind: GeometryKind {
    switch self {
    case .point: .point
    case .multiPoint: .multiPoint
    case .lineString: .lineString
    case .multiLineString: .multiLineString
    case .polygon: .polygon
    case .multiPolygon: .multiPolygon
    }
  }

  /// Every position in the geometry.
  public var allCoordinates: [GeoCoordinate] {
    switch self {
    case .point(let p): [p]
    case .multiPoint(let ps), .lineString(let ps): ps
    case .multiLineString(let lines): lines.flatMap { $0 }
    case .polygon(let rings): rings.flatMap { $0 }
    case .multiPolygon(let polygons): polygons.flatMap { $0.flatMap { $0 } }
    }
  }

  /// The polygons of a Polygon or MultiPolygon (rings exterior first), else empty.
  public var polygonRings: [[[GeoCoordinate]]] {
    switch self {
    case .polygon(let rings): [rings]
    case .multiPolygon(let polygons): polygons
    default: []
    }
  }

  /// The lines of a LineString or MultiLineString, else empty.
  public var lines: [[GeoCoordinate]] {
    switch self {
    case .lineString(let line): [line]
    case .multiLineString(let lines): lines
    default: []
    }
  }
}

/// The GeoJSON geometry type names.
public enum GeometryKind: String, Sendable, CaseIterable {
  case point = "Point"
  case multiPoint = "MultiPoint"
  case lineString = "LineString"
  case multiLineString = "MultiLineString"
  case polygon = "Polygon"
  case multiPolygon = "MultiPolygon"
}

extension GeoJSONGeometry {
  /// How many positions the geometry holds (counted without copying them).
  public var positionCount: Int {
    switch self {
    case .point: 1
    case .multiPoint(let ps), .lineString(let ps): ps.count
    case .multiLineString(let lines), .polygon(let lines): lines.reduce(0) { $0 + $1.count }
    case .multiPolygon(let polygons):
      polygons.reduce(0) { total, rings in rings.reduce(total) { $0 + $1.count } }
    }
  }
}

extension GeoJSONGeometry {
  /// Parses a GeoJSON geometry object; `nil` for JSON `null`; throws a message when malformed.
  public init?(json: JSONValue) throws(GeometryError) {
    if json.isNull { return nil }
    guard let type = json["type"]?.stringValue else { throw GeometryError("has no \"type\"") }
    guard let kind = GeometryKind(rawValue: type) else {
      throw GeometryError("has unsupported geometry type \"\(type)\"")
    }
    guard let c = json["coordinates"] else { throw GeometryError("\(type) has no coordinates") }
    switch kind {
    case .point: self = .point(try Self.position(c))
    case .multiPoint: self = .multiPoint(try Self.positions(c))
    case .lineString: self = .lineString(try Self.positions(c))
    case .multiLineString:
      self = .multiLineString(try Self.list(c) { v throws(GeometryError) in try Self.positions(v) })
    case .polygon:
      self = .polygon(try Self.list(c) { v throws(GeometryError) in try Self.positions(v) })
    case .multiPolygon:
      self = .multiPolygon(
        try Self.list(c) { v throws(GeometryError) in
          try Self.list(v) { r throws(GeometryError) in try Self.positions(r) }
        })
    }
  }

  private static func list<T>(
    _ v: JSONValue, _ element: (JSONValue) throws(GeometryError) -> T
  ) throws(GeometryError) -> [T] {
    guard let items = v.arrayValue else { throw GeometryError("coordinates are not an array") }
    var result: [T] = []
    result.reserveCapacity(items.count)
    for item in items { result.append(try element(item)) }
    return result
  }

  private static func positions(_ v: JSONValue) throws(GeometryError) -> [GeoCoordinate] {
    try list(v) { p throws(GeometryError) in try position(p) }
  }

  private static func position(_ v: JSONValue) throws(GeometryError) -> GeoCoordinate {
    guard let items = v.arrayValue, items.count >= 2, let lon = items[0].doubleValue,
      let lat = items[1].doubleValue
    else { throw GeometryError("has a position that is not [longitude, latitude]") }
    let coordinate = GeoCoordinate(longitude: lon, latitude: lat)
    guard coordinate.isValid else {
      throw GeometryError("has a position out of range: [\(lon), \(lat)]")
    }
    return coordinate
  }
}

/// Why a geometry could not be read.
public struct GeometryError: Error, Sendable {
  /// What is wrong, phrased to follow "geometry …".
  public let message: String
  init(_ message: String) { self.message = message }
}
