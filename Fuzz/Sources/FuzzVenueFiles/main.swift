import FloorPlans
import Foundation
import IMDF

/// A tiny valid archive whose `unit.geojson` (and, after a NUL byte, `level.geojson`) is the
/// fuzzer's input: feature decoding, validation and the floor plans derived from the units
/// (walls, doors, connectors, the open walkway) must survive any units and levels.
/// Its two levels are 14 m squares (the seeds' units are scaled into them): the walkway raster
/// of a level costs its outline's area, and a small one keeps executions quick.
let manifest = Data(#"{"version":"1.0.0","created":"2026-01-01T00:00:00Z","language":"en"}"#.utf8)
let venueFile = Data(
  #"""
  {"type":"FeatureCollection","features":[{"type":"Feature","id":"11111111-1111-4111-8111-111111111111","feature_type":"venue","geometry":{"type":"Polygon","coordinates":[[[24.9384,60.1699],[24.93866,60.1699],[24.93866,60.17003],[24.9384,60.17003],[24.9384,60.1699]]]},"properties":{"category":"businesscampus","name":{"en":"Fuzz"},"address_id":null,"display_point":{"type":"Point","coordinates":[24.93853,60.169965]}}}]}
  """#.utf8)
let levelFile = Data(
  #"""
  {"type":"FeatureCollection","features":[{"type":"Feature","id":"22222222-2222-4222-8222-222222222222","feature_type":"level","geometry":{"type":"Polygon","coordinates":[[[24.9384,60.1699],[24.93866,60.1699],[24.93866,60.17003],[24.9384,60.17003],[24.9384,60.1699]]]},"properties":{"category":"unspecified","ordinal":0,"name":{"en":"Ground"},"short_name":{"en":"G"},"outdoor":false,"building_ids":null,"address_id":null,"display_point":null}},{"type":"Feature","id":"33333333-3333-4333-8333-333333333333","feature_type":"level","geometry":{"type":"Polygon","coordinates":[[[24.9384,60.1699],[24.93866,60.1699],[24.93866,60.17003],[24.9384,60.17003],[24.9384,60.1699]]]},"properties":{"category":"unspecified","ordinal":1,"name":{"en":"First"},"short_name":{"en":"1"},"outdoor":false,"building_ids":null,"address_id":null,"display_point":null}}]}
  """#.utf8)

/// The input is `unit.geojson`, then, after a NUL byte (never in JSON), `level.geojson` in
/// place of the two fixed levels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVenueFiles(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let input = Data(bytes: start, count: count)
  let split = input.firstIndex(of: 0)
  let units = split.map { input[..<$0] } ?? input
  let levels = split.map { input[($0 + 1)...] } ?? levelFile
  let venue = VenueLoader.load(
    files: [
      "manifest.json": manifest, "venue.geojson": venueFile, "level.geojson": Data(levels),
      "unit.geojson": Data(units),
    ],
    path: "fuzz")
  _ = VenueValidator.validate(venue)
  let plans = FloorPlanSet(venue: venue)
  for plan in plans.plans {
    _ = plan.unit(at: .zero)
  }
  return 0
}
