import Fingerprints
import Foundation
import Geometry
import Hummingbird
import NIOCore
import Synchronization

/// A venue's radio map as GeoJSON layers (RFC 7946: WGS84 longitude, latitude): where the survey
/// went (a point per aggregated survey point) and the map's quality on a grid of squares (APs
/// heard, the Cramér–Rao bound of one scan, the distance to the survey).
struct RadioMapFeatureCollection: Encodable {
  /// A survey point or a square of the quality grid.
  struct Feature: Encodable {
    struct Shape: Encodable {
      var type: String
      /// A position, or a polygon's rings of positions: [longitude, latitude], degrees.
      var coordinates: Coordinates
    }
    enum Coordinates: Encodable {
      case point([Double])
      case polygon([[[Double]]])
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .point(let p): try container.encode(p)
        case .polygon(let rings): try container.encode(rings)
        }
      }
    }
    struct Properties: Encodable {
      /// `survey` or `cell`.
      var kind: String
      var level_id: String?
      var ordinal: Int
      /// Survey scans aggregated into the point (survey points).
      var scans: Int?
      /// The square's side, metres (cells).
      var size_m: Double?
      /// APs a scan is expected to hear (cells).
      var aps_heard: Double?
      /// The Cramér–Rao bound of one scan's RMS error, metres; null where the map cannot tell
      /// the place from its neighbours (cells).
      var expected_error_m: Double?
      /// Distance to the nearest survey point, metres (cells).
      var survey_distance_m: Double?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(level_id, forKey: .level_id)
        try container.encode(ordinal, forKey: .ordinal)
        if kind == "survey" {
          try container.encode(scans, forKey: .scans)
        } else {
          try container.encode(size_m, forKey: .size_m)
          try container.encode(aps_heard, forKey: .aps_heard)
          try container.encode(expected_error_m, forKey: .expected_error_m)
          try container.encode(survey_distance_m, forKey: .survey_distance_m)
        }
      }
      enum CodingKeys: String, CodingKey {
        case kind, level_id, ordinal, scans, size_m, aps_heard, expected_error_m
        case survey_distance_m
      }
    }
    var type = "Feature"
    var geometry: Shape
    var properties: Properties
  }
  var type = "FeatureCollection"
  var features: [Feature] = []

  /// The layers of `map`'s levels (every level, or the one whose IMDF id is `level`), placed on
  /// the globe by `coordinate`.
  init(map: RadioMap, level: String?, coordinate: @Sendable (Point) -> GeoCoordinate) {
    func position(_ p: Point) -> [Double] {
      coordinate(p).geoJSONPosition
    }
    for (index, l) in map.levels.enumerated() where level == nil || l.levelID == level {
      for point in l.points {
        features.append(
          Feature(
            geometry: Feature.Shape(type: "Point", coordinates: .point(position(point.position))),
            properties: Feature.Properties(
              kind: "survey", level_id: l.levelID, ordinal: l.ordinal, scans: point.scans)))
      }
      for cell in map.qualityGrid(level: index) {
        let half = cell.size / 2
        let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1), (-1, -1)].map {
          position(Point(x: cell.center.x + $0 * half, y: cell.center.y + $1 * half))
        }
        features.append(
          Feature(
            geometry: Feature.Shape(type: "Polygon", coordinates: .polygon([corners])),
            properties: Feature.Properties(
              kind: "cell", level_id: l.levelID, ordinal: l.ordinal,
              size_m: cell.size.rounded(places: 2),
              aps_heard: cell.quality.heard.rounded(places: 1),
              expected_error_m: cell.quality.expectedError.map { $0.rounded(places: 2) },
              survey_distance_m: cell.quality.surveyDistance.map { $0.rounded(places: 1) })))
      }
    }
  }
}

/// The radio-map layers made or being made, by venue, map version and level: a grid costs a
/// scan's Fisher information per square (seconds on a venue of 1,000 APs), so each is made once,
/// off the server's event loops, and requests that ask for it meanwhile wait for the same work.
/// Holds the last few.
final class RadioMapLayerCache: Sendable {
  /// The most layer sets kept; the oldest is dropped beyond it.
  static let capacity = 16
  private let entries = Mutex<[(key: String, task: Task<Data, Never>)]>([])

  /// The bytes for `key`, made by `make` (once) unless kept.
  func data(for key: String, make: @escaping @Sendable () -> Data) async -> Data {
    let task = entries.withLock { entries in
      if let kept = entries.first(where: { $0.key == key }) { return kept.task }
      let task = Task.detached(priority: .utility) { make() }
      entries.append((key, task))
      if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
      return task
    }
    return await task.value
  }
}

extension VenueController {
  /// `GET /fp/v1/venues/{id}/radiomap.geojson[?level=L]`: the newest radio map's layers as a
  /// GeoJSON feature collection (what the web map draws over the units): survey points, and
  /// squares of at most ``RadioMap/qualityGridCells`` a level with APs heard, the expected error
  /// of one scan and the survey distance. 404 without a map; 409 when the map has no place on
  /// the globe.
  func radioMapFeatures(_ request: Request, id: String) async throws -> Response {
    let entry = try await readableVenue(request, id: id)
    let level = try Self.level(of: request, in: entry)
    guard let map = entry.map, let record = entry.mapRecord else {
      throw GeolocateError(
        code: 404, domain: "global", reason: "notFound",
        message: "venue \(id) has no radio map yet")
    }
    let coordinate: @Sendable (Point) -> GeoCoordinate
    switch (entry.plans?.frame, map.mapFrame) {
    case (let frame?, _): coordinate = { frame.coordinate(for: $0) }
    case (nil, .local(let origin?)):
      let frame = LocalFrame(origin: origin)
      coordinate = { frame.coordinate(for: $0) }
    case (nil, .webMercator): coordinate = { WebMercator.coordinate(for: $0) }
    case (nil, _):
      throw GeolocateError(
        code: 409, domain: "global", reason: "noFrame",
        message: "venue \(id)'s radio map has no place on the globe to draw it at")
    }
    let key = "\(id)/\(record.version)/\(record.etag)/\(level ?? "")"
    let data = await layers.data(for: key) {
      Response.jsonData(RadioMapFeatureCollection(map: map, level: level, coordinate: coordinate))
    }
    return Response(
      status: .ok, headers: [.contentType: "application/geo+json", .eTag: record.etag],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
