import FingerpostCore
import Fingerprints
import Foundation
import Store

extension FingerprintService {
  /// Builds venue `entry`'s map from its stored survey: writes the map file (atomically) into
  /// the data folder, records it as the next version and hands it to the catalog.
  func runBuild(_ queued: MapBuildJob, entry: VenueCatalog.Entry) async {
    var job = queued
    func save(_ state: MapBuildJob.State, _ message: String? = nil, progress: Double) async {
      job.state = state
      job.message = message
      job.progress = progress
      job.updated = Date()
      try? await store.saveJob(job)
    }
    await save(.running, progress: 0)
    do {
      let survey = SurveyFile.parse(
        Data(try await surveyText(entry).utf8), file: "survey of \(entry.id)")
      guard !survey.records.isEmpty else {
        await save(.failed, "the venue has no survey scans", progress: 0)
        return
      }
      let (map, report) = RadioMapBuilder().build(
        surveys: [("survey of \(entry.id)", survey)], plans: entry.plans)
      let record = try await storeMap(map, venue: entry.id, scans: report.used)
      if let stored = try await store.venue(entry.id) { try catalog.put(stored, map: record) }
      job.mapVersion = record.version
      await save(.done, "map version \(record.version) from \(report.used) scans", progress: 1)
    } catch {
      await save(.failed, "\(error)", progress: job.progress)
    }
  }

  /// Writes `map` (atomically) into the data folder as venue `venue`'s next version and records
  /// it in the store.
  func storeMap(_ map: RadioMap, venue: String, scans: Int) async throws -> StoredRadioMap {
    let version = (try await store.newestMap(venue: venue)?.version ?? 0) + 1
    let folder = URL(fileURLWithPath: configuration.dataFolder).appendingPathComponent("maps")
    try FileAccess.createDirectory(folder.path)
    let file = folder.appendingPathComponent("\(venue)-v\(version).fpmap")
    try RadioMapFile.write(map, to: file)
    let record = StoredRadioMap(
      venue: venue, version: version, etag: "\"\(venue)-v\(version)\"", path: file.path,
      scans: scans, built: Date())
    try await store.addMap(record)
    return record
  }
}
