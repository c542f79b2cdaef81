import ConfigFiles
import FingerpostCore
import Foundation
import Radio
import TestSupport
import Testing

@Suite final class WorldFileTests {
  /// This test's folder for the world files it writes, removed after it.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(UUID())")

  deinit { try? FileManager.default.removeItem(at: folder) }

  func write(_ text: String) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("world.yaml")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func readsTheCommittedOfficeWorld() throws {
    let file = try WorldFile(
      contentsOf: RepositoryPaths.root.appendingPathComponent("Surveys/office.world.yaml"))
    #expect(file.venueURL.path == RepositoryPaths.sampleVenue("office"))
    #expect(file.placement?.density == 0.6)
    #expect(file.entries.count == 1)
    #expect(file.entries[0].referencePower == -27)
    let aps = try file.accessPoints(on: Fixtures.office)
    #expect(aps.count == 97)
    #expect(aps.last?.bssid == "02:aa:00:00:00:01")
  }

  @Test func modelOverridesApply() throws {
    let url = try write("venue: v\npropagation:\n  exponent: 2.5\n  heavy_categories: [stairs]\n")
    let file = try WorldFile(contentsOf: url)
    #expect(file.model.exponent == 2.5)
    #expect(file.model.heavyCategories == ["stairs"])
    #expect(file.model.floorLoss24 == 17)
  }

  @Test(arguments: [
    ("venue: v\nplacment: {density: 1}\n", 2, "placment: unknown key"),
    ("venue: v\npropagation:\n  exponent: steep\n", 3, "propagation.exponent: expected a number"),
    (
      "venue: v\naccess_points:\n  - { bssid: x, ordinal: 0, x: 1, y: 2, band: \"6\" }\n", 3,
      "unknown band"
    ),
    (
      "venue: v\naccess_points:\n  - { bssid: x, x: 1, y: 2, band: \"5\" }\n", 3,
      "needs an ordinal or a level id"
    ),
    ("seed: 3\n", nil, "venue: is required"),
    ("venue: v\nversion: 2\n", 2, "unsupported world file version 2"),
  ])
  func badFilesNameLineAndKey(text: String, line: Int?, message: String) throws {
    let url = try write(text)
    do {
      _ = try WorldFile(contentsOf: url)
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.line == line || line == nil)
      #expect(error.description.contains(message), "\(error)")
      #expect(error.description.hasPrefix(url.path))
    }
  }

  @Test func unknownLevelsAndDuplicateBSSIDsAreRefused() throws {
    let wrongLevel = try WorldFile(
      contentsOf: try write(
        "venue: v\naccess_points:\n  - { bssid: a, ordinal: 9, x: 1, y: 2, band: \"5\" }\n"))
    #expect(throws: FingerpostError.self) { try wrongLevel.accessPoints(on: Fixtures.office) }
    let twice = try WorldFile(
      contentsOf: try write(
        "venue: v\naccess_points:\n  - { bssid: a, ordinal: 0, x: 1, y: 2, band: \"5\" }\n  - { bssid: A, ordinal: 1, x: 1, y: 2, band: \"5\" }\n"
      ))
    #expect {
      try twice.accessPoints(on: Fixtures.office)
    } throws: {
      ($0 as? FingerpostError)?.kind == .invalidValue && "\($0)".contains("BSSID a is used twice")
    }
  }
}

extension WorldFileTests {
  @Test func surveysAreReadRelativeToTheFileAndWrittenBack() throws {
    let url = try write("venue: v\nsurveys: [a.ndjson, ../b/c.ndjson]\n")
    let file = try WorldFile(contentsOf: url)
    #expect(file.surveys == ["a.ndjson", "../b/c.ndjson"])
    #expect(
      file.surveyURLs.map(\.path) == [
        folder.appendingPathComponent("a.ndjson").standardizedFileURL.path,
        folder.deletingLastPathComponent().appendingPathComponent("b/c.ndjson").standardizedFileURL
          .path,
      ])
    let text = WorldFile.text(
      venue: "v", seed: 1, model: PropagationModel(), accessPoints: [], plans: Fixtures.office,
      surveys: ["a \"b\".ndjson"])
    #expect(try WorldFile(text: text, url: url).surveys == ["a \"b\".ndjson"])
    #expect(throws: FingerpostError.self) {
      try WorldFile(text: "venue: v\nsurveys: a\n", url: url)
    }
  }
}
