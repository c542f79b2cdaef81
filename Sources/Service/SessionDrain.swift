import Logging
import ServiceLifecycle

/// Ends the live sessions when the service is told to shut down (SIGTERM, SIGINT), before the
/// server waits for its responses to finish: a fix stream ends only with its session, so
/// without this a client that keeps one open (or left without closing it) would hold the
/// shutdown until the session expired. The sessions stay in the store and open again when next
/// asked for (on this instance once restarted, or on another sharing the store).
struct SessionDrain: Service {
  let sessions: SessionHub
  let logger: Logger

  func run() async throws {
    // Returns when shutdown starts; throws when the group is cancelled instead.
    try? await gracefulShutdown()
    let ended = await sessions.endAll()
    if ended > 0 {
      logger.info("shutting down: ended the live sessions", metadata: ["sessions": "\(ended)"])
    }
  }
}
