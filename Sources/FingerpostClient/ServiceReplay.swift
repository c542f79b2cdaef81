import AsyncHTTPClient
import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Localization
import Replay
import Simulation
import Workflows

/// A walk played against a running service as phones would play it: through tracking sessions,
/// batches of its steps and scans paced against the wall clock, each session's fixes checked
/// against the same batches replayed offline (`replay --to`).
public struct ServiceReplay: Sendable {
  /// The service's address and key.
  public var client: ServiceClient
  /// The venue's id in the service.
  public var venue: String
  /// The walk (its steps and scans are sent; its truth scores the fixes).
  public var walk: Walk
  /// The venue's floor plans, to check offline.
  public var plans: FloorPlanSet
  /// Sessions walking at once (seeds `walk.seed`, `walk.seed + 1`, …).
  public var sessions = 1
  /// Walk seconds a request's batch of events spans.
  public var batchSeconds = 0.5
  /// Multiple of real time (nil: as fast as the server answers).
  public var pace: Double? = 1
  /// Told each session's id as it is opened (before its first batch), e.g. to say where its
  /// fixes can be followed.
  public var opened: (@Sendable (String) -> Void)?

  /// A replay of `walk` on `venue` through `client`, one session in real time.
  public init(client: ServiceClient, venue: String, walk: Walk, plans: FloorPlanSet) {
    self.client = client
    self.venue = venue
    self.walk = walk
    self.plans = plans
  }

  /// What one session got.
  public struct SessionRun: Sendable {
    /// The seed its filter was opened with.
    public var seed: UInt64
    /// The particles of its filter.
    public var particles = 0
    /// The fix the service answered to each batch (nil: none yet).
    public var fixes: [Fix?] = []
    /// Seconds each answered request took (refused ones too: a refusal is an answer).
    public var latencies: [Double] = []
    /// Requests that failed, with why.
    public var errors: [String] = []
  }

  /// Runs every session at once and returns what each got, by seed.
  public func run() async throws -> [SessionRun] {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = .init(
      idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(sessions, 8))
    let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    let client = ServiceClient(base: self.client.base, key: self.client.key, http: http)
    let batches = walk.batches(every: batchSeconds).map { ($0.t, $0.lines.joined(separator: "\n")) }
    let started = ContinuousClock.now
    do {
      let runs = try await withThrowingTaskGroup(of: SessionRun.self) { group in
        for i in 0..<sessions {
          group.addTask {
            // Phones are not in step: session i sends i / sessions of a batch span later.
            try await self.walkOne(
              seed: self.walk.seed &+ UInt64(i), batches: batches, client: client,
              started: started
                + .seconds(self.batchSeconds * Double(i) / Double(self.sessions) / (self.pace ?? 1))
            )
          }
        }
        var runs: [SessionRun] = []
        for try await run in group { runs.append(run) }
        return runs.sorted { $0.seed < $1.seed }
      }
      try await http.shutdown()
      return runs
    } catch {
      try? await http.shutdown()
      throw error
    }
  }

  /// One session: opened, its batches sent on time, ended.
  func walkOne(
    seed: UInt64, batches: [(t: Double, body: String)], client: ServiceClient,
    started: ContinuousClock.Instant
  ) async throws -> SessionRun {
    var run = SessionRun(seed: seed)
    let start = walk.start.flatMap { start in
      walk.startIsKnown ? (plans[start.floor].levelID, start.point.x, start.point.y) : nil
    }
    let session = try await client.openSession(
      venue: venue, seed: seed, device: "fingerpost replay", start: start)
    opened?(session.id)
    run.particles = session.particles
    for (t, events) in batches {
      if let pace {
        try await Task.sleep(until: started + .seconds(t / pace), clock: .continuous)
      }
      do {
        let (fix, seconds) = try await client.post(events: events, to: session)
        run.latencies.append(seconds)
        run.fixes.append(fix)
      } catch let failure as ServiceClient.Failure {
        if let seconds = failure.seconds { run.latencies.append(seconds) }
        run.errors.append("t = \(t): \(failure)")
      }
    }
    try await client.end(session)
    return run
  }

  /// The fixes the same batches give offline, on `map`, for `run`'s seed and particles, as
  /// they read after the wire (its decimals).
  public func offlineFixes(_ run: SessionRun, map: RadioMap) throws -> [Fix?] {
    var settings = ParticleFilterSettings()
    settings.particles = run.particles
    let session = try TrackingSession(
      plans: plans, map: map, seed: run.seed, start: walk.startIsKnown ? walk.start : nil,
      settings: settings)
    return try walk.batches(every: batchSeconds).map { batch in
      let events = try session.events(
        ndjson: Data(batch.lines.joined(separator: "\n").utf8), source: "batch")
      guard let fix = try session.process(events),
        case .fix(let read) = try StreamDecoder.record(StreamEncoder.line(.fix(fix))[...], line: 1)
      else { return nil }
      return read
    }
  }
}
