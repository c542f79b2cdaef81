import Foundation

/// A tracking session: its venue, device, seed and particle count, how far it got, the instance
/// holding it, and its URLs.
struct SessionResource: Encodable {
  var id: String
  var venue: String
  var device: String?
  var seed: UInt64
  var particles: Int
  var created: Date
  var processed: Int
  var last_t: Double?
  var sequence: Int
  var dropped: Int
  var instance: String
  var events: String
  var fixes: String

  /// The resource of `session`, held by `instance`.
  init(_ session: LiveSession, instance: String) async {
    id = session.id
    venue = session.venue
    device = session.device
    seed = session.seed
    particles = session.particles
    created = session.created
    processed = await session.processed
    last_t = await session.lastTime
    sequence = await session.newestSequence
    dropped = await session.dropped
    self.instance = instance
    events = "/fp/v1/sessions/\(id)/events"
    fixes = "/fp/v1/sessions/\(id)/fixes"
  }
}
