#if PostgreSQL
  import Foundation
  import PostgresNIO

  extension PostgresStore {
    /// The channel the instances sharing a database tell each other of their changes on.
    static let channel = "fingerpost_changes"

    /// Several instances share the database.
    public var isShared: Bool { true }

    /// The changes other instances make, heard with LISTEN on one pooled connection. Whenever
    /// that connection is made (again, after the database went away) the stream says `resync`:
    /// notifications sent meanwhile were lost.
    public func changes() -> AsyncStream<StoreChange> {
      let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
      let listener = Task { [client, logger, origin] in
        while !Task.isCancelled {
          do {
            try await client.withConnection { connection in
              try await connection.listen(on: Self.channel) { notifications in
                continuation.yield(.resync)
                for try await notification in notifications {
                  if let change = StoreChange(payload: notification.payload, ignoring: origin) {
                    continuation.yield(change)
                  }
                }
              }
            }
          } catch {
            logger.warning("listening for changes failed", metadata: ["error": "\(error)"])
          }
          try? await Task.sleep(for: .seconds(1))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in listener.cancel() }
      return stream
    }
  }
#endif
