import FingerpostCore
import Foundation
import IMDF
import TestSupport
import Testing
import ZIPFoundation

@Suite struct VenueLoaderTests {
  @Test func decodesTypedFeaturesAndKeepsEverything() throws {
    var files = MiniVenue.files
    files["navPath.geojson"] = MiniVenue.collection([])
    files["README.txt"] = "hello"
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    let venue = try VenueLoader.load(path: archive.path)
    #expect(venue.name == "Mini")
    #expect(venue.manifest?.version == "1.0.0")
    #expect(venue.levels.first?.ordinal == 0)
    #expect(venue.levels.first?.shortName?.text() == "G")
    let room = try #require(venue.units.first { $0.id == MiniVenue.roomA })
    #expect(room.name?.text(preferring: "fr") == "Room A (fr)")
    #expect(room.name?.text(preferring: "de") == "Room A")
    #expect(room.extraProperties["vendor_note"] == .string("kept"))
    #expect(room.displayPoint != nil)
    #expect(venue.openings.first?.door?["type"] == .string("hinged"))
    #expect(venue.ignoredFiles == ["README.txt", "navPath.geojson"])
    #expect(
      venue.findings.contains { $0.file == "navPath.geojson" && $0.message.contains("ignored") })
  }

  @Test func resolvesReferences() throws {
    let archive = try TemporaryArchive(MiniVenue.files)
    defer { archive.remove() }
    let venue = try VenueLoader.load(path: archive.path)
    let index = VenueIndex(venue)
    let occupant = try #require(venue.occupants.first)
    #expect(venue.unit(of: occupant, index: index)?.id == MiniVenue.roomA)
    #expect(venue.units(of: venue.amenities[0], index: index).map(\.id) == [MiniVenue.roomB])
    #expect(venue.level(of: venue.units[0], index: index)?.id == MiniVenue.levelID)
    #expect(venue.level(of: venue.openings[0], index: index)?.id == MiniVenue.levelID)
    #expect(venue.buildings(of: venue.levels[0], index: index).map(\.id) == [MiniVenue.buildingID])
    #expect(venue.occupantsByUnit(index: index)[MiniVenue.roomA]?.count == 1)
  }

  @Test func keepsMultiPolygonUnitsAndMultiLineStringOpenings() throws {
    var files = MiniVenue.files
    let d = 1.0 / 111_320
    files["unit.geojson"] = MiniVenue.collection([
      #"{"id":"\#(MiniVenue.roomA)","type":"Feature","feature_type":"unit","geometry":{"type":"MultiPolygon","coordinates":[[\#(MiniVenue.ring(0, 0, 5, 5))],[\#(MiniVenue.ring(6, 0, 9, 5))]]},"properties":{"category":"mysterycategory","level_id":"\#(MiniVenue.levelID)"}}"#
    ])
    files["opening.geojson"] = MiniVenue.collection([
      #"{"id":"\#(MiniVenue.doorID)","type":"Feature","feature_type":"opening","geometry":{"type":"MultiLineString","coordinates":[[[\#(5 * d),\#(1 * d)],[\#(5 * d),\#(2 * d)]],[[\#(6 * d),\#(1 * d)],[\#(6 * d),\#(2 * d)]]]},"properties":{"category":"pedestrian","level_id":"\#(MiniVenue.levelID)"}}"#
    ])
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    let venue = try VenueLoader.load(path: archive.path)
    #expect(venue.units[0].geometry?.polygonRings.count == 2)
    #expect(venue.units[0].category == "mysterycategory")
    #expect(venue.openings[0].geometry?.lines.count == 2)
    let report = VenueValidator.validate(venue)
    #expect(
      report.findings.contains {
        $0.severity == .warning && $0.message.contains("unknown unit category \"mysterycategory\"")
      })
  }

  /// The mini venue zipped with its folder at the top, as zipping a folder does.
  func zippedMiniVenue() throws -> Data {
    let archive = try TemporaryArchive(MiniVenue.files)
    defer { archive.remove() }
    let zipURL = archive.url.appendingPathExtension("zip")
    defer { try? FileManager.default.removeItem(at: zipURL) }
    try FileManager.default.zipItem(at: archive.url, to: zipURL)
    return try Data(contentsOf: zipURL)
  }

  @Test func loadsAZipArchiveWithATopFolder() throws {
    let zipURL = FileManager.default.temporaryDirectory.appendingPathComponent("mini-\(UUID()).zip")
    try zippedMiniVenue().write(to: zipURL)
    defer { try? FileManager.default.removeItem(at: zipURL) }
    let venue = try VenueLoader.load(path: zipURL.path)
    #expect(venue.units.count == 2)
    #expect(VenueValidator.validate(venue).isValid)
  }

  @Test func unreadableZipAndMissingPathAreErrorsNotCrashes() throws {
    let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID()).zip")
    try Data("this is not a zip".utf8).write(to: junk)
    defer { try? FileManager.default.removeItem(at: junk) }
    #expect {
      _ = try VenueLoader.load(path: junk.path)
    } throws: { error in
      (error as? FingerpostError)?.kind == .unreadable
        && (error as? FingerpostError)?.file == junk.path
    }
    #expect {
      _ = try VenueLoader.load(path: "/no/such/venue")
    } throws: { error in
      (error as? FingerpostError).map { $0.kind == .notFound && $0.file == "/no/such/venue" }
        ?? false
    }
  }

  @Test func uploadedZipBytesAndFilesInMemoryLoadLikeAFolder() throws {
    let uploaded = try VenueLoader.load(zip: try zippedMiniVenue(), path: "upload.zip")
    #expect(uploaded.units.count == 2)
    let inMemory = VenueLoader.load(
      files: MiniVenue.files.mapValues { Data($0.utf8) }, path: "memory")
    #expect(inMemory.units.map(\.id).sorted() == uploaded.units.map(\.id).sorted())
    #expect {
      _ = try VenueLoader.load(zip: Data("PK not really".utf8), path: "upload.zip")
    } throws: { error in
      (error as? FingerpostError).map { $0.kind == .unreadable && $0.file == "upload.zip" }
        ?? false
    }
  }

  /// Found by fuzzing: a deflate stream cut short made ZIPFoundation's extraction loop forever,
  /// and a short last chunk made zlib read past it.
  @Test(arguments: ["deflate-cut-short.zip", "deflate-last-chunk-short.zip"])
  func aDamagedDeflateStreamIsAnErrorNotAHangOrACrash(fixture name: String) throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/\(name)")
    let venue = try VenueLoader.load(zip: Data(contentsOf: fixture), path: "cut.zip")
    #expect(
      venue.findings.contains {
        $0.severity == .error && $0.message.contains("cannot be read")
      }, "\(venue.findings.map(\.message))")
  }
}
