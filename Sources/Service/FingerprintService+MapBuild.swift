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
      let version = (try await store.newestMap(venue: entry.id)?.version ?? 0) + 1
      let folder = URL(fileURLWithPath: configuration.dataFolder).appendingPathComponent("maps")
      try FileAccess.createDirectory(folder.path)
      let file = folder.appendingPathComponent("\(entry.id)-v\(version).fpmap")
      try RadioMapFile.write(map, to: file)
      let record = StoredRadioMap(
        venue: entry.id, version: version, etag: "\"\(entry.id)-v\(version)\"", path: file.path,
        scans: report.used, built: Date())
      try await store.addMap(record)
      if let stored = try await store.venue(entry.id) { try catalog.put(stored, map: record) }
      job.mapVersion = version
      await save(.done, "map version \(version) from \(report.used) scans", progress: 1)
    } catch {
      await save(.failed, "\(error)", progress: job.progress)
    }
  }
}
