import FloorPlans
import Foundation
import Geometry
import Hummingbird
import NIOCore

/// A venue's units as GeoJSON (RFC 7946: WGS84 longitude, latitude), with what a place card shows.
struct UnitFeatureCollection: Encodable {
  /// A unit's shape and its card.
  struct Feature: Encodable {
    struct Shape: Encodable {
      var type = "MultiPolygon"
      /// Polygons, rings, positions [longitude, latitude], degrees.
      var coordinates: [[[[Double]]]]
    }
    struct Properties: Encodable {
      var unit_id: String
      var name: String?
      var category: String
      var level_id: String
      var ordinal: Int
      var level_name: String
      var building_ids: [String]
      /// Whether Fingerpost derived the unit (a level's open walkway) rather than read it.
      var derived: Bool
      var occupants: [String]
      var amenities: [String]
      var area_m2: Double
    }
    var type = "Feature"
    var id: String
    var geometry: Shape
    var properties: Properties
  }
  var type = "FeatureCollection"
  var features: [Feature]

  /// The units of `plans` (every level, or the one whose id is `level`), with occupants and
  /// amenities from `directory`.
  init(plans: FloorPlanSet, directory: PlaceDirectory?, level: String?) {
    let frame = plans.frame
    func position(_ p: Point) -> [Double] {
      frame.coordinate(for: p).geoJSONPosition
    }
    func ring(_ r: Ring) -> [[Double]] {
      // GeoJSON rings are closed: the first position again at the end.
      var positions = r.points.map(position)
      if let first = positions.first, positions.last != first { positions.append(first) }
      return positions
    }
    features = []
    for plan in plans.plans where level == nil || plan.levelID == level {
      for unit in plan.units {
        let polygons = unit.shape.polygons.map { [ring($0.exterior)] + $0.holes.map(ring) }
        features.append(
          Feature(
            id: unit.id,
            geometry: Feature.Shape(coordinates: polygons),
            properties: Feature.Properties(
              unit_id: unit.id, name: unit.name, category: unit.category,
              level_id: plan.levelID, ordinal: plan.ordinal,
              level_name: plan.shortName.isEmpty ? plan.name : plan.shortName,
              building_ids: plan.buildingIDs, derived: unit.isDerived,
              occupants: directory?.occupants[unit.id] ?? [],
              amenities: directory?.amenities[unit.id] ?? [],
              area_m2: unit.area.rounded(places: 1))))
      }
    }
  }
}

extension VenueController {
  /// `GET /fp/v1/venues/{id}/units.geojson[?level=L]`: the units as a GeoJSON feature collection
  /// (what the web map draws); empty for a venue that is only a radio map.
  func unitFeatures(_ request: Request, id: String) async throws -> Response {
    let entry = try await readableVenue(request, id: id)
    let level = try Self.level(of: request, in: entry)
    var collection = UnitFeatureCollection(features: [])
    if let plans = entry.plans {
      let directory = entry.venue.map { PlaceDirectory(venue: $0, plans: plans) }
      collection = UnitFeatureCollection(plans: plans, directory: directory, level: level)
    }
    return Response(
      status: .ok, headers: [.contentType: "application/geo+json"],
      body: .init(byteBuffer: ByteBuffer(bytes: Response.jsonData(collection))))
  }
}

extension UnitFeatureCollection {
  /// A collection of `features`.
  init(features: [Feature]) { self.features = features }
}
