import EventStream
import FingerpostCore
import Foundation
import Hummingbird
import JSON
import NIOCore
import Store
import Workflows

extension SessionController {
  /// `POST /fp/v1/sessions/{id}/events`: a batch is processed, then kept in the store (so that
  /// the session can be opened again as it is), then answered with the fix after it. A batch
  /// whose client goes away (`connected` turns false) stops part-way and is not kept: the session
  /// is put away, to be opened again from the store's batches when next asked.
  func postEvents(
    _ request: Request, session id: String, connected: @escaping @Sendable () -> Bool = { true }
  ) async throws -> Response {
    _ = try await keys.admit(request.key, for: .locate)
    let session = try await liveSession(id, request: request)
    // A phone sends a few events a second: a batch is a request, not an upload.
    let body = try await request.payload(upTo: configuration.requestLimit)
    let posted: (events: Int, fix: SessionFix?, batch: Int)
    do {
      posted = try await session.post(body, while: connected)
    } catch let abandoned as AbandonedBatch {
      // Part of a batch changed the filter: put it away (nothing changed when none was taken).
      if abandoned.processed > 0 { await sessions.end(id) }
      logger.notice("session \(id): \(abandoned)")
      throw GeolocateError.serviceUnavailable("the client went away: the batch was not kept")
    } catch let stale as StaleEvents {
      // Google's error body, with the newest time the session processed beside it.
      struct Stale: Encodable {
        var error: GeolocateError.Body.Detail
        var last_t: Double
      }
      let error = GeolocateError(
        code: 409, domain: "global", reason: "staleEvents", message: stale.description)
      return .json(Stale(error: error.body.error, last_t: stale.last), status: .conflict)
    }
    let kept: Bool
    do {
      kept = try await store.addSessionBatch(
        session: id,
        SessionBatch(sequence: posted.batch, events: String(decoding: body, as: UTF8.self)),
        holder: instance)
    } catch {
      // The filter took a batch the store did not: the session is put away (its readers' streams
      // end), to be opened again from what the store has, without this batch, when next asked.
      await sessions.end(id)
      throw error
    }
    guard kept else {
      // Another instance took the session over (this one was silent too long): the client is
      // sent there with the batch, which this instance did not keep.
      await sessions.end(id)
      guard try await storedSession(id, request: request) != nil else { throw Self.noSession(id) }
      // (Given back to this instance meanwhile: it opens from the store when posted to again.)
      throw GeolocateError.serviceUnavailable(
        "session \(id) moved between instances: post the batch again")
    }
    // Every `snapshotEvery` batches the state is kept too, so that opening the session again
    // replays no more than that; written beside the answer, not before it.
    let every = configuration.snapshotEvery
    if every > 0, posted.batch % every == every - 1,
      let snapshot = await session.snapshot(after: posted.batch)
    {
      Task { [store, instance, logger] in
        do {
          _ = try await store.putSessionSnapshot(session: id, snapshot, holder: instance)
        } catch {
          logger.warning(
            "session snapshot not kept", metadata: ["session": "\(id)", "error": "\(error)"])
        }
      }
    }
    var answer = JSONObjectWriter()
    answer.string("session", id)
    answer.int("events", posted.events)
    if let t = await session.lastTime { answer.raw("last_t", String(t)) }
    answer.int("sequence", await session.newestSequence)
    answer.raw("fix", posted.fix?.line ?? "null")
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: answer.text)))
  }

  func sessionInfo(_ request: Request, session id: String) async throws -> Response {
    let session = try await followedSession(id, request: request)
    return .json(await SessionResource(session, instance: instance))
  }

  /// The live session `id` for a request that reads it: the key must locate (a session's id is
  /// its client's, who follows it with the key that opened it) or read the session's venue.
  func followedSession(_ id: String, request: Request) async throws -> LiveSession {
    let key = try await keys.admit(request.key, for: .any)
    let session = try await liveSession(id, request: request)
    guard key.allowLocate || key.mayRead(venue: session.venue) else {
      throw GeolocateError.forbidden("the key may not follow sessions of venue \(session.venue)")
    }
    return session
  }

  /// `GET /fp/v1/sessions/{id}/fixes`: the fixes kept and every new one until the session
  /// ends, as event-stream NDJSON (a `meta` line first; `fingerpost view` draws it), or as
  /// Server-Sent Events (`Accept: text/event-stream` or `?format=sse`; `id:` is the fix's
  /// sequence number, and `Last-Event-ID` resumes after it).
  func followFixes(_ request: Request, session id: String) async throws -> Response {
    let session = try await followedSession(id, request: request)
    let sse =
      request.uri.queryParameters.get("format") == "sse"
      || request.headers[.accept]?.contains("text/event-stream") == true
    let after =
      request.headers.first { $0.name.canonicalName == "last-event-id" }.flatMap { Int($0.value) }
      ?? 0
    let fixes = await session.follow(after: sse ? after : 0)
    let meta = session.metaLine
    let body = ResponseBody { writer in
      if !sse { try await writer.write(ByteBuffer(string: meta + "\n")) }
      for await fix in fixes {
        let text = sse ? "id: \(fix.sequence)\nevent: fix\ndata: \(fix.line)\n\n" : fix.line + "\n"
        try await writer.write(ByteBuffer(string: text))
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: sse ? "text/event-stream" : "application/x-ndjson",
        .cacheControl: "no-cache",
      ],
      body: body)
  }
}
