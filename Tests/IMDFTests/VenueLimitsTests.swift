import Foundation
import IMDF
import TestSupport
import Testing

/// An archive's bytes do not bound what loading it costs: the loader counts JSON values,
/// features and coordinate positions across the archive and stops at its limits, with an error
/// finding and `limitExceeded`; a real venue loads within the default limits.
@Suite struct VenueLimitsTests {
  func load(_ files: [String: String], _ limits: VenueLoader.Limits) -> Venue {
    VenueLoader.load(
      files: files.mapValues { Data($0.utf8) }, path: "test", limits: limits)
  }

  /// A detail feature (a line string) of `count` positions.
  func detail(_ id: Int, positions count: Int) -> String {
    let line = (0..<count).map { "[\(Double($0) * MiniVenue.d),0]" }.joined(separator: ",")
    return #"{"id":"d-\#(id)","type":"Feature","feature_type":"detail","geometry":"#
      + #"{"type":"LineString","coordinates":[\#(line)]},"properties":{"level_id":"\#(MiniVenue.levelID)"}}"#
  }

  @Test func theMiniVenueAndTheSampleOfficeLoadWithinTheDefaultLimits() throws {
    #expect(load(MiniVenue.files, VenueLoader.Limits()).limitExceeded == nil)
    let office = try VenueLoader.load(path: RepositoryPaths.sampleVenue("office"))
    #expect(office.limitExceeded == nil)
    #expect(!office.units.isEmpty)
  }

  @Test func millionsOfTinyValuesStopTheArchive() {
    var files = MiniVenue.files
    files["address.geojson"] =
      "[" + Array(repeating: "0", count: 50_000).joined(separator: ",") + "]"
    let venue = load(files, VenueLoader.Limits(values: 20_000))
    #expect(venue.limitExceeded == "more than 20000 JSON values in the archive")
    #expect(venue.findings.contains { $0.severity == .error && $0.message.contains("20000 JSON") })
    // Files read after the one that went over (addresses come first) are not read at all.
    #expect(venue.units.isEmpty && venue.levels.isEmpty)
  }

  @Test func tooManyFeaturesOrPositionsStopTheArchive() {
    var files = MiniVenue.files
    files["detail.geojson"] = MiniVenue.collection((0..<50).map { detail($0, positions: 2) })
    let features = load(files, VenueLoader.Limits(features: 40))
    #expect(features.limitExceeded == "more than 40 features in the archive")
    #expect(features.details.isEmpty)
    files["detail.geojson"] = MiniVenue.collection((0..<5).map { detail($0, positions: 400) })
    let positions = load(files, VenueLoader.Limits(positions: 1_000))
    #expect(positions.limitExceeded == "more than 1000 coordinate positions in the archive")
    #expect(positions.details.count < 3)
  }

  @Test func findingsAreKeptUpToTheLimitAndTheRestCounted() {
    var files = MiniVenue.files
    // Features that are not objects: one error finding each.
    files["detail.geojson"] = MiniVenue.collection(Array(repeating: "1", count: 300))
    let venue = load(files, VenueLoader.Limits(findings: 100))
    #expect(venue.findings.count == 101)
    #expect(venue.findings.last?.message.hasPrefix("more finding(s)") == false)
    #expect(venue.findings.last?.message.contains("more finding(s) not listed") == true)
    #expect(venue.limitExceeded == nil)
  }
}
