import EventStream
import Foundation
import TestSupport
import Testing

@testable import FingerpostCLI

@Suite struct SimulateCommandTests {
  @Test func theStreamIsOrderedAndReproducible() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let venue = RepositoryPaths.sampleVenue("office")
    try Data(
      "venue: \(venue)\nseed: 2\npropagation: { grid_spacing: 2 }\nplacement: { density: 0.15 }\n"
        .utf8
    )
    .write(to: folder.appendingPathComponent("w.yaml"))
    let scenario = folder.appendingPathComponent("s.yaml")
    try Data(
      """
      venue: \(venue)
      world: w.yaml
      radio_map: { survey: \(venue).survey.ndjson }
      walker:
        start: { unit: "Room 0.01" }
        stops: [{ unit: "Room 1.20", dwell: 3 }]
      seed: 11
      """.utf8
    ).write(to: scenario)
    let first = folder.appendingPathComponent("a.ndjson").path
    let second = folder.appendingPathComponent("b.ndjson").path
    try SimulateCommand.parse([scenario.path, "-o", first]).run()
    try SimulateCommand.parse([scenario.path, "-o", second]).run()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    let records = try lines.enumerated().map { try StreamDecoder.record($1, line: $0 + 1) }
    guard case .meta(let meta)? = records.first else {
      Issue.record("the stream must start with meta")
      return
    }
    #expect(meta.seed == 11 && meta.generator == "fingerpost simulate")
    let times = records.compactMap(\.time)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(records.contains { $0.type == "step" } && records.contains { $0.type == "scan" })
    let ordinals = Set(records.compactMap { if case .truth(let t) = $0 { t.ordinal } else { nil } })
    #expect(ordinals == [0, 1])
  }
}
