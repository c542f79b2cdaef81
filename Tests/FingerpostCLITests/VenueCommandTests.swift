import ArgumentParser
import FingerpostCore
import Foundation
import TestSupport
import Testing

@testable import FingerpostCLI

@Suite struct VenueCommandTests {
  @Test func infoSummarisesTheOffice() throws {
    let text = try VenueInfo.parse([RepositoryPaths.sampleVenue("office")]).render()
    #expect(text.hasPrefix("Fingerpost Office (businesscampus)"))
    #expect(text.contains("levels      3, 99 units, 91 openings"))
    #expect(text.contains("stairs 4 (0↔1, 1↔2); elevator 2 (0↔1, 1↔2)"))
    #expect(text.contains("60.0 m × 45.0 m"))
    #expect(text.contains("0 errors, 0 warnings"))
  }

  @Test func validateSucceedsOnSamplesAndPrintsJSON() throws {
    for name in ["office", "mall"] {
      let (text, valid) = try VenueValidate.parse([RepositoryPaths.sampleVenue(name)]).render()
      #expect(valid)
      #expect(text.contains("valid: 0 error(s), 0 warning(s)"))
    }
    let (json, _) = try VenueValidate.parse([RepositoryPaths.sampleVenue("mall"), "--json"])
      .render()
    #expect(json.contains("\"valid\" : true"))
  }

  @Test func validateFailsWithExitCodeOneOnErrors() throws {
    var files = MiniVenue.files
    files["level.geojson"] = "{ not json"
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    let command = try VenueValidate.parse([archive.path])
    #expect(try command.render().valid == false)
    #expect(throws: ExitCode(1)) { try command.run() }
  }

  @Test func validateAndInfoSayWhereTheCorridorIsNotDrawn() throws {
    let archive = try TemporaryArchive(CorridorVenue.files)
    defer { archive.remove() }
    let (text, valid) = try VenueValidate.parse([archive.path]).render()
    #expect(valid)
    #expect(text.contains("m² of the level's outline is in no unit: walked as an open walkway"))
    let info = try VenueInfo.parse([archive.path]).render()
    #expect(info.contains("open walkway: the level's outline that no unit covers"))
    // Rooms South 1 and North 3 share no wall and no door: the route goes along the corridor.
    let route = try VenueRoute.parse([archive.path, "--from", "South 1", "--to", "North 3"])
      .render()
    #expect(route.contains("0 level change(s)"))
  }

  @Test func routeCrossesLevelsByName() throws {
    let text = try VenueRoute.parse([
      RepositoryPaths.sampleVenue("office"), "--from", "room 0.01", "--to", "Room 2.52",
    ]).render()
    #expect(text.contains("Route from Room 0.01 (G Ground Floor) to Room 2.52 (2 Second Floor)"))
    #expect(text.contains("2 level change(s)"))
  }

  @Test func unitsMatchByNameInAnyLanguage() throws {
    let archive = try TemporaryArchive(MiniVenue.files)
    defer { archive.remove() }
    let text = try VenueRoute.parse([archive.path, "--from", "room a (fr)", "--to", "Room B"])
      .render()
    #expect(text.contains("Route from Room A (G Ground) to Room B (G Ground)"))
    #expect(text.contains("0 level change(s)"))
  }

  @Test func unknownUnitsAndMissingVenuesAreClearErrors() throws {
    #expect {
      try VenueRoute.parse([
        RepositoryPaths.sampleVenue("mall"), "--from", "Nowhere", "--to", "Shop 1.01",
      ]).render()
    } throws: {
      ($0 as? FingerpostError)?.kind == .notFound
        && "\($0)".contains("no unit is named or has the id 'Nowhere'")
    }
    #expect {
      try VenueInfo.parse(["/no/such/venue"]).render()
    } throws: {
      ($0 as? FingerpostError)?.kind == .notFound
        && "\($0)".contains("/no/such/venue: no such file or folder")
    }
  }
}
