import Foundation
import Geometry

/// The frame a radio map's (or a survey's) metres are in: local ground metres about a WGS84
/// origin (a venue's frame, or an unknown one), or Web Mercator (EPSG:3857, the projection
/// datasets such as UJIIndoorLoc record), or a projection this tool does not know, by name.
public enum MapFrame: Sendable, Hashable {
  /// Ground metres east and north of `origin` (nil: a frame with no known place on Earth).
  case local(origin: GeoCoordinate?)
  /// EPSG:3857: metres on a sphere, 1/cos(latitude) of the ground's.
  case webMercator
  /// A projection known only by its name.
  case other(String)

  /// The name Web Mercator goes by in files (`frame` of survey headers and maps).
  public static let webMercatorName = "EPSG:3857"

  /// The frame a file names (`name`, nil for local metres) with `origin`.
  public init(name: String?, origin: GeoCoordinate?) {
    switch name {
    case nil: self = .local(origin: origin)
    case Self.webMercatorName: self = .webMercator
    case let name?: self = .other(name)
    }
  }

  /// The name a file gives the frame (nil for local metres).
  public var name: String? {
    switch self {
    case .local: nil
    case .webMercator: Self.webMercatorName
    case .other(let name): name
    }
  }

  /// Whether the frame's metres are a projection's rather than the ground's.
  public var isProjected: Bool { name != nil }

  /// The WGS84 position of point `p`, when the frame has a place on Earth.
  public func coordinate(for p: Point) -> GeoCoordinate? {
    switch self {
    case .local(let origin): origin.map { LocalFrame(origin: $0).coordinate(for: p) }
    case .webMercator: WebMercator.coordinate(for: p)
    case .other: nil
    }
  }

  /// The point (metres) of WGS84 position `c`, when the frame has a place on Earth.
  public func point(for c: GeoCoordinate) -> Point? {
    switch self {
    case .local(let origin): origin.map { LocalFrame(origin: $0).point(for: c) }
    case .webMercator: WebMercator.point(for: c)
    case .other: nil
    }
  }

  /// Ground metres per frame metre at `p`: 1, except in Web Mercator (cos latitude); nil in a
  /// projection this tool does not know.
  public func groundScale(at p: Point) -> Double? {
    switch self {
    case .local: 1
    case .webMercator: WebMercator.groundScale(atY: p.y)
    case .other: nil
    }
  }
}

extension RadioMap {
  /// The frame the map's metres are in.
  public var mapFrame: MapFrame { MapFrame(name: frame, origin: origin) }
}
