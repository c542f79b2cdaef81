import Foundation

/// A tracking session as the store keeps it: enough to open it again exactly as it was (its
/// parameters, and every batch of events it accepted, replayed in order), and which instance
/// holds it live.
public struct StoredSession: Sendable, Hashable {
  /// The session's id.
  public var id: String
  /// The venue it tracks in.
  public var venue: String
  /// The base URL of the instance holding it (`http://host:port`).
  public var instance: String
  /// How it was opened, as JSON (venue, device, seed, start, particles, map version).
  public var parameters: String
  /// When it was opened.
  public var created: Date
  /// When it last took events.
  public var updated: Date

  /// Creates a stored session.
  public init(
    id: String, venue: String, instance: String, parameters: String, created: Date = Date(),
    updated: Date? = nil
  ) {
    self.id = id
    self.venue = venue
    self.instance = instance
    self.parameters = parameters
    self.created = created
    self.updated = updated ?? created
  }
}

/// One batch of events a session accepted: its place in the session (0, 1, …) and the
/// event-stream NDJSON as it was posted.
public struct SessionBatch: Sendable, Hashable {
  /// The batch's place in the session, from 0.
  public var sequence: Int
  /// The batch's NDJSON text.
  public var events: String

  /// Creates a batch.
  public init(sequence: Int, events: String) {
    self.sequence = sequence
    self.events = events
  }
}

/// A tracking session's state after one of its batches, as bytes its service can restore from
/// (`TrackingSession.Snapshot.bytes`): reopening it replays only the batches after `sequence`.
public struct SessionSnapshot: Sendable, Hashable {
  /// The batch it follows (the last batch whose events it includes).
  public var sequence: Int
  /// The state, as the service wrote it.
  public var bytes: Data

  /// The state `bytes` after batch `sequence`.
  public init(sequence: Int, bytes: Data) {
    self.sequence = sequence
    self.bytes = bytes
  }
}
