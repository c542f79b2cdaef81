import AsyncHTTPClient
import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import JSON
import Localization
import NIOCore
import NIOHTTP1
import Simulation
import Workflows

/// `fingerpost replay SCENARIO --to URL`: plays a simulated walk against a running service as
/// phones would, through tracking sessions (`/fp/v1/sessions`), paced against the wall clock,
/// and checks that each session's fixes are the ones the same batches give offline.
struct ServiceReplay {
  /// The service, e.g. `http://127.0.0.1:8080`.
  var base: URL
  /// The API key.
  var key: String
  /// The venue's id in the service.
  var venue: String
  /// The walk (its steps and scans are sent; its truth scores the fixes).
  var walk: Walk
  /// The venue's floor plans, to score and to check offline.
  var plans: FloorPlanSet
  /// Sessions walking at once (seeds `walk.seed`, `walk.seed + 1`, …).
  var sessions = 1
  /// Walk seconds a request's batch of events spans.
  var batchSeconds = 0.5
  /// Multiple of real time (nil: as fast as the server answers).
  var pace: Double? = 1

  /// What one session got.
  struct SessionRun: Sendable {
    var seed: UInt64
    var id = ""
    var particles = 0
    /// The fix the service answered to each batch (nil: none yet).
    var fixes: [Fix?] = []
    /// Seconds each request took.
    var latencies: [Double] = []
    /// Requests that failed, with why.
    var errors: [String] = []
  }

  /// An HTTP failure, naming the request.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs every session at once and returns what each got.
  func run() async throws -> [SessionRun] {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = .init(
      idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(sessions, 8))
    let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    let batches = walk.batches(every: batchSeconds).map { ($0.t, $0.lines.joined(separator: "\n")) }
    let started = ContinuousClock.now
    do {
      let runs = try await withThrowingTaskGroup(of: SessionRun.self) { group in
        for i in 0..<sessions {
          group.addTask {
            // Phones are not in step: session i sends i / sessions of a batch span later.
            try await self.walkOne(
              seed: self.walk.seed &+ UInt64(i), batches: batches, http: http,
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

  func walkOne(
    seed: UInt64, batches: [(t: Double, body: String)], http: HTTPClient,
    started: ContinuousClock.Instant
  ) async throws -> SessionRun {
    var run = SessionRun(seed: seed)
    var opening: [String: Any] = ["venue": venue, "seed": seed, "device": "fingerpost replay"]
    if walk.startIsKnown, let start = walk.start {
      opening["start"] = [
        "level_id": plans[start.floor].levelID, "x": start.point.x, "y": start.point.y,
      ]
    }
    let (status, body, _) = try await request(
      http, .POST, "/fp/v1/sessions", body: try JSONSerialization.data(withJSONObject: opening))
    guard status == 201, let json = try? JSONParser.parse(body), let id = json["id"]?.stringValue
    else {
      throw Failure(
        description: "opening a session: \(status) \(String(decoding: body, as: UTF8.self))")
    }
    run.id = id
    run.particles = json["particles"]?.intValue ?? 0
    for (t, events) in batches {
      if let pace {
        try await Task.sleep(until: started + .seconds(t / pace), clock: .continuous)
      }
      let (status, body, seconds) = try await request(
        http, .POST, "/fp/v1/sessions/\(id)/events", body: Data(events.utf8))
      run.latencies.append(seconds)
      // The answer's `fix` is an event-stream fix record, or null before the first fix.
      let answer = status == 200 ? try? JSONParser.parse(body) : nil
      if let member = answer?["fix"], member.isNull {
        run.fixes.append(nil)
      } else if let member = answer?["fix"],
        case .fix(let made)? = try? StreamDecoder.record(member, line: 1)
      {
        run.fixes.append(made)
      } else {
        run.errors.append("t = \(t): \(status) \(String(decoding: body, as: UTF8.self))")
      }
    }
    _ = try await request(http, .DELETE, "/fp/v1/sessions/\(id)", body: nil)
    return run
  }

  /// One request: its status, body and how long it took (seconds).
  func request(_ http: HTTPClient, _ method: HTTPMethod, _ path: String, body: Data?) async throws
    -> (Int, Data, Double)
  {
    var request = HTTPClientRequest(url: base.absoluteString + path + "?key=" + key)
    request.method = method
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    let clock = ContinuousClock()
    let start = clock.now
    let response = try await http.execute(request, timeout: .seconds(30))
    let buffer = try await response.body.collect(upTo: 1 << 28)
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return (Int(response.status.code), Data(buffer: buffer), seconds)
  }

  /// The service's newest map of the venue (what its sessions locate with).
  func serverMap() async throws -> RadioMap {
    let (status, body, _) = try await request(
      HTTPClient.shared, .GET, "/fp/v1/venues/\(venue)/radiomap", body: nil)
    guard status == 200 else {
      throw Failure(
        description: "the venue's map: \(status) \(String(decoding: body, as: UTF8.self))")
    }
    return try RadioMapFile.read(body, file: "\(venue)'s radio map")
  }

  /// The fixes the same batches give offline, on `map`, for `run`'s seed and particles, as
  /// they read after the wire (its decimals).
  func offlineFixes(_ run: SessionRun, map: RadioMap) throws -> [Fix?] {
    var settings = ParticleFilterSettings()
    settings.particles = run.particles
    let session = try TrackingSession(
      plans: plans, map: map, seed: run.seed, start: walk.startIsKnown ? walk.start : nil,
      settings: settings)
    return try walk.batches(every: batchSeconds).map { batch in
      let events = try session.events(
        ndjson: Data(batch.lines.joined(separator: "\n").utf8), source: "batch")
      guard let fix = try session.process(events) else { return nil }
      guard
        case .fix(let read) = try StreamDecoder.record(StreamEncoder.line(.fix(fix))[...], line: 1)
      else { return nil }
      return read
    }
  }
}
