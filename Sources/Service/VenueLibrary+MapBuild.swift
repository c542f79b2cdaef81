import FingerpostCore
import Fingerprints
import Foundation
import Store
import Workflows

extension VenueLibrary {
  /// A running job whose worker has not said it is still at it for this long is taken over by
  /// another worker, seconds (its instance is taken to have died).
  static let jobStaleAfter = 60.0

  /// Works on queued map build jobs until there are none left; over a shared store every
  /// instance does, and each job is taken by one only.
  func workJobs() async {
    while true {
      let job: MapBuildJob?
      do {
        job = try await store.claimJob(worker: instance, staleAfter: Self.jobStaleAfter)
      } catch {
        logger.error("map build jobs cannot be read", metadata: ["error": "\(error)"])
        return
      }
      guard let job else { return }
      await runBuild(job)
    }
  }

  /// Builds the map of a claimed `job`'s venue from its stored survey: stores it as the next
  /// version, hands it to the catalog, and records how the job ended. While it builds, the
  /// job is marked alive every few seconds.
  func runBuild(_ claimed: MapBuildJob) async {
    var job = claimed
    let alive = Task { [store, instance, id = claimed.id] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(Self.jobStaleAfter / 6))
        try? await store.touchJob(id, worker: instance)
      }
    }
    defer { alive.cancel() }
    func save(_ state: MapBuildJob.State, _ message: String?, progress: Double) async {
      job.state = state
      job.message = message
      job.progress = progress
      job.updated = Date()
      try? await store.saveJob(job)
    }
    do {
      // Loaded here unless it was stored on another instance a moment ago.
      var loaded = catalog.entry(job.venue)
      if loaded == nil { loaded = try await loadVenue(job.venue) }
      guard let entry = loaded else {
        await save(.failed, "venue \(job.venue) is no longer stored", progress: 0)
        return
      }
      let text = Data(try await surveyText(entry).utf8)
      let survey = SurveyFile.parse(text, file: "survey of \(entry.id)")
      guard !survey.records.isEmpty else {
        await save(.failed, "the venue has no survey scans", progress: 0)
        return
      }
      // As `fingerpost ingest` builds it, refused up front when it would not fit in memory.
      var ingest = Ingest(surveys: [])
      if let limit = configuration.mapBuildMemory { ingest.memoryLimit = limit }
      ingest.remedy =
        "build the map elsewhere (fingerpost ingest --grid 2) and upload it (PUT /fp/v1/venues/"
        + "\(entry.id)/radiomap), or give the service more memory"
      let built = try ingest.build(
        surveys: [("survey of \(entry.id)", survey)], plans: entry.plans,
        surveyBytes: text.count)
      let (map, report) = (built.map, built.report)
      // A venue uploaded again while its map was built has other levels: that map is not its.
      // (Stores keep times to the millisecond.)
      guard let current = try await store.venue(entry.id),
        abs(current.updated.timeIntervalSince(entry.updated)) < 0.01
      else {
        await save(
          .failed, "venue \(job.venue) was replaced while its map was built; build again",
          progress: job.progress)
        return
      }
      let record = try await storeMap(map, venue: entry.id, scans: report.used)
      try catalog.put(current, map: (record, map))
      job.mapVersion = record.version
      await save(.done, "map version \(record.version) from \(report.used) scans", progress: 1)
    } catch let error as FingerpostError {
      await save(.failed, error.description, progress: job.progress)
    } catch {
      // Store errors name tables and SQL: logged here, not shown to clients.
      logger.error("map build failed", metadata: ["job": "\(job.id)", "error": "\(error)"])
      await save(
        .failed, "the map could not be stored (see the service's log)", progress: job.progress)
    }
  }

  /// Stores `map` as venue `venue`'s next version: its file in the store (for every instance;
  /// with a shared store, also as this instance's copy). Builds finishing at once (here or on
  /// another instance) each get a version of their own: one that finds its number taken takes
  /// the next.
  func storeMap(_ map: RadioMap, venue: String, scans: Int) async throws -> StoredRadioMap {
    var attempt = 0
    while true {
      let version = (try await store.newestMap(venue: venue)?.version ?? 0) + 1
      do {
        let record = try await maps.add(map, venue: venue, scans: scans, version: version)
        await pruneMaps(venue: venue, newest: record.version)
        return record
      } catch {
        attempt += 1
        let newest = try await store.newestMap(venue: venue)?.version ?? 0
        guard newest >= version, attempt < 20 else { throw error }
      }
    }
  }

  /// Removes venue `venue`'s maps older than the newest `MapFiles.kept` (its newest is
  /// `newest`) that no stored session locates with; a failure is logged.
  func pruneMaps(venue: String, newest: Int) async {
    do {
      try await maps.prune(venue: venue, newest: newest)
    } catch {
      logger.warning(
        "old maps could not be removed", metadata: ["venue": "\(venue)", "error": "\(error)"])
    }
  }
}
