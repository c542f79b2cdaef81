import AsyncHTTPClient
import EventStream
import FingerpostCore
import Fingerprints
import Foundation
import JSON
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// A client of a running `fingerpost serve`: the indoor endpoints a phone or a program uses —
/// tracking sessions and their event batches, and a venue's radio map. Each call takes about one
/// request; its latency is measured.
public struct ServiceClient: Sendable {
  /// The service, e.g. `http://127.0.0.1:8080`.
  public var base: URL
  /// The API key.
  public var key: String
  /// The HTTP client the requests go through.
  let http: HTTPClient

  /// A client of the service at `base` with `key`, over `http` (shared by default).
  public init(base: URL, key: String, http: HTTPClient = .shared) {
    self.base = base
    self.key = key
    self.http = http
  }

  /// A request the service refused or could not answer, naming it.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    /// What was asked, the status and the answer.
    public var description: String
    /// Seconds the request took until it was answered (nil: no answer came).
    public var seconds: Double?
  }

  /// An open tracking session.
  public struct Session: Sendable, Hashable {
    /// Its id.
    public var id: String
    /// The particles of its filter.
    public var particles: Int
  }

  /// Opens a tracking session on `venue` with the filter seeded from `seed`, starting around
  /// (`levelID`, x, y) in metres when given.
  public func openSession(
    venue: String, seed: UInt64, device: String, start: (levelID: String, x: Double, y: Double)?
  ) async throws -> Session {
    var opening = JSONObjectWriter()
    opening.string("venue", venue)
    opening.raw("seed", String(seed))
    opening.string("device", device)
    if let start {
      var point = JSONObjectWriter()
      point.string("level_id", start.levelID)
      point.raw("x", String(start.x))
      point.raw("y", String(start.y))
      opening.raw("start", point.text)
    }
    let (status, body, _) = try await request(
      .POST, "/fp/v1/sessions", body: Data(opening.text.utf8))
    guard status == 201, let json = try? JSONParser.parse(body), let id = json["id"]?.stringValue
    else {
      throw Failure(
        description: "opening a session: \(status) \(String(decoding: body, as: UTF8.self))")
    }
    return Session(id: id, particles: json["particles"]?.intValue ?? 0)
  }

  /// Sends a batch of event-stream lines (steps, scans, barometer samples) to `session`: the
  /// fix after them (nil before the first) and the seconds the request took.
  public func post(events: String, to session: Session) async throws -> (fix: Fix?, seconds: Double)
  {
    let (status, body, seconds) = try await request(
      .POST, "/fp/v1/sessions/\(session.id)/events", body: Data(events.utf8))
    // The answer's `fix` is an event-stream fix record, or null before the first fix.
    let answer = status == 200 ? try? JSONParser.parse(body) : nil
    if let member = answer?["fix"], member.isNull { return (nil, seconds) }
    if let member = answer?["fix"], case .fix(let fix)? = try? StreamDecoder.record(member, line: 1)
    {
      return (fix, seconds)
    }
    throw Failure(
      description: "\(status) \(String(decoding: body, as: UTF8.self))", seconds: seconds)
  }

  /// Ends `session`.
  public func end(_ session: Session) async throws {
    _ = try await request(.DELETE, "/fp/v1/sessions/\(session.id)", body: nil)
  }

  /// The service's newest radio map of `venue` (what its sessions locate with).
  public func radioMap(venue: String) async throws -> RadioMap {
    let (status, body, _) = try await request(.GET, "/fp/v1/venues/\(venue)/radiomap", body: nil)
    guard status == 200 else {
      throw Failure(
        description: "the venue's map: \(status) \(String(decoding: body, as: UTF8.self))")
    }
    return try RadioMapFile.read(body, file: "\(venue)'s radio map")
  }

  /// One request: its status, body and how long it took (seconds).
  func request(_ method: HTTPMethod, _ path: String, body: Data?) async throws -> (
    Int, Data, Double
  ) {
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
}
