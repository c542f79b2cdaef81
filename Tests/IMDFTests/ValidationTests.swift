import Foundation
import IMDF
import TestSupport
import Testing

/// Each test breaks the valid mini venue in one way and expects the matching finding.
@Suite struct ValidationTests {
  func report(_ change: (inout [String: String]) -> Void) throws -> ValidationReport {
    var files = MiniVenue.files
    change(&files)
    let archive = try TemporaryArchive(files)
    defer { archive.remove() }
    return VenueValidator.validate(try VenueLoader.load(path: archive.path))
  }

  func expectFinding(
    _ report: ValidationReport, _ severity: Finding.Severity, file: String, id: String? = nil,
    containing text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let found = report.findings.contains {
      $0.severity == severity && $0.file == file && (id == nil || $0.featureID == id)
        && $0.message.contains(text)
    }
    #expect(
      found, "no \(severity) in \(file) containing \"\(text)\"; got:\n\(report.text)",
      sourceLocation: sourceLocation)
  }

  @Test func theMiniVenueIsValid() throws {
    let r = try report { _ in }
    #expect(r.isValid, "\(r.text)")
    #expect(r.count(.warning) == 0, "\(r.text)")
  }

  @Test func invalidJSONNamesLineAndColumn() throws {
    let r = try report {
      $0["unit.geojson"] = "{\n \"type\": \"FeatureCollection\",\n \"features\": [,]\n}"
    }
    let finding = try #require(r.findings.first { $0.file == "unit.geojson" && $0.line != nil })
    #expect(finding.severity == .error)
    #expect(finding.line == 3 && finding.column == 15)
    #expect(finding.description.contains("unit.geojson:3:15"))
  }

  @Test func missingRequiredFilesAndEmptyFiles() throws {
    let r = try report {
      $0["unit.geojson"] = nil
      $0["manifest.json"] = nil
      $0["opening.geojson"] = MiniVenue.collection([])
    }
    expectFinding(r, .error, file: "unit.geojson", containing: "required file is missing")
    expectFinding(r, .error, file: "manifest.json", containing: "required file is missing")
    expectFinding(r, .warning, file: "opening.geojson", containing: "has no features")
  }

  @Test func wrongFeatureTypeDuplicateAndNonUUIDIds() throws {
    let r = try report {
      $0["unit.geojson"] = MiniVenue.collection([
        MiniVenue.unit(MiniVenue.roomA, "room", "A", (0, 0, 10, 10)).replacingOccurrences(
          of: "\"feature_type\":\"unit\"", with: "\"feature_type\":\"units\""),
        MiniVenue.unit(MiniVenue.roomA, "room", "B", (10, 0, 20, 10)),
        MiniVenue.unit("room-c", "room", "C", (12, 2, 14, 4)),
      ])
    }
    expectFinding(
      r, .error, file: "unit.geojson", id: MiniVenue.roomA, containing: "feature_type is \"units\"")
    expectFinding(r, .error, file: "unit.geojson", id: MiniVenue.roomA, containing: "duplicate id")
    expectFinding(r, .error, file: "unit.geojson", id: "room-c", containing: "not a UUID")
  }

  @Test func danglingAndMistypedReferences() throws {
    let r = try report {
      $0["unit.geojson"] = MiniVenue.collection([
        MiniVenue.unit(
          MiniVenue.roomA, "room", "A", (0, 0, 10, 10),
          level: "00000000-0000-4000-8000-000000000000"),
        MiniVenue.unit(MiniVenue.roomB, "room", "B", (10, 0, 20, 10), level: MiniVenue.buildingID),
      ])
    }
    expectFinding(
      r, .error, file: "unit.geojson", id: MiniVenue.roomA, containing: "references no feature")
    expectFinding(
      r, .error, file: "unit.geojson", id: MiniVenue.roomB,
      containing: "is a building, expected a level")
  }

  @Test func geometryTypeNotAllowed() throws {
    let r = try report {
      $0["unit.geojson"] = MiniVenue.collection([
        MiniVenue.unit(MiniVenue.roomA, "room", "A", (0, 0, 10, 10)),
        #"{"id":"\#(MiniVenue.roomB)","type":"Feature","feature_type":"unit","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"category":"room","level_id":"\#(MiniVenue.levelID)"}}"#,
      ])
    }
    expectFinding(
      r, .error, file: "unit.geojson", id: MiniVenue.roomB,
      containing: "geometry Point is not allowed for unit")
  }

  @Test func unclosedAndSelfIntersectingRings() throws {
    let d = 1.0 / 111_320
    let bowtie = "[[0,0],[\(10 * d),\(10 * d)],[\(10 * d),0],[0,\(10 * d)],[0,0]]"
    let open = "[[\(10 * d),0],[\(20 * d),0],[\(20 * d),\(10 * d)],[\(10 * d),\(10 * d)]]"
    let r = try report {
      $0["unit.geojson"] = MiniVenue.collection([
        #"{"id":"\#(MiniVenue.roomA)","type":"Feature","feature_type":"unit","geometry":{"type":"Polygon","coordinates":[\#(bowtie)]},"properties":{"category":"room","level_id":"\#(MiniVenue.levelID)"}}"#,
        #"{"id":"\#(MiniVenue.roomB)","type":"Feature","feature_type":"unit","geometry":{"type":"Polygon","coordinates":[\#(open)]},"properties":{"category":"room","level_id":"\#(MiniVenue.levelID)"}}"#,
      ])
    }
    expectFinding(
      r, .error, file: "unit.geojson", id: MiniVenue.roomA, containing: "intersects itself")
    expectFinding(r, .error, file: "unit.geojson", id: MiniVenue.roomB, containing: "not closed")
  }

  @Test func unitOutsideItsLevelAndOpeningOffEveryBoundary() throws {
    let r = try report {
      $0["unit.geojson"] = MiniVenue.collection([
        MiniVenue.unit(MiniVenue.roomA, "room", "A", (0, 0, 10, 10)),
        MiniVenue.unit(MiniVenue.roomB, "room", "B", (40, 0, 50, 10)),
      ])
      $0["opening.geojson"] = MiniVenue.collection([
        MiniVenue.opening(MiniVenue.doorID, (4, 4), (5, 5))
      ])
    }
    expectFinding(
      r, .error, file: "unit.geojson", id: MiniVenue.roomB,
      containing: "outside its level's outline")
    expectFinding(
      r, .warning, file: "opening.geojson", id: MiniVenue.doorID,
      containing: "lies on no unit boundary")
  }

  @Test func twoIndoorLevelsOfABuildingWithOneOrdinal() throws {
    let r = try report {
      let level =
        #"{"id":"ID","type":"Feature","feature_type":"level","geometry":{"type":"Polygon","coordinates":[\#(MiniVenue.ring(0, 0, 20, 10))]},"properties":{"category":"unspecified","ordinal":0,"outdoor":false,"building_ids":["\#(MiniVenue.buildingID)"]}}"#
      $0["level.geojson"] = MiniVenue.collection([
        level.replacingOccurrences(of: "\"ID\"", with: "\"\(MiniVenue.levelID)\""),
        level.replacingOccurrences(of: "\"ID\"", with: "\"cccccccc-cccc-4ccc-8ccc-cccccccccccc\""),
      ])
    }
    expectFinding(r, .error, file: "level.geojson", containing: "shares ordinal 0")
  }

  @Test func automobileOpeningBetweenRoomsIsFlagged() throws {
    let r = try report {
      $0["opening.geojson"] = MiniVenue.collection([
        MiniVenue.opening(MiniVenue.doorID, (10, 4.5), (10, 5.5), category: "automobile")
      ])
    }
    expectFinding(
      r, .warning, file: "opening.geojson", id: MiniVenue.doorID, containing: "probably mislabelled"
    )
  }

  @Test func jsonReportIsMachineReadable() throws {
    let r = try report { $0["unit.geojson"] = nil }
    let data = Data(try r.json().utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["valid"] as? Bool == false)
    #expect((object["errors"] as? Int ?? 0) >= 1)
    #expect((object["findings"] as? [Any])?.isEmpty == false)
  }

  @Test func geometryFarBeyondTheVenueIsAnError() throws {
    // The level's second vertex 3,000 km east: floor plans cut it off, and say so.
    let d = MiniVenue.d
    let r = try report { files in
      files["level.geojson"] = files["level.geojson"]!.replacingOccurrences(
        of: MiniVenue.ring(0, 0, 20, 10),
        with: "[[0,0],[\(3_000_000 * d),0],[\(20 * d),\(10 * d)],[0,\(10 * d)],[0,0]]")
    }
    expectFinding(
      r, .error, file: "level.geojson", id: MiniVenue.levelID,
      containing: "beyond the venue's outline (and 50 m): floor plans cut it off")
    #expect(r.findings.filter { $0.message.contains("beyond the venue") }.count == 1)
  }
}
