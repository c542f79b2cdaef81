import Foundation
import JSON

/// How a tracking session was opened, as the store keeps it to open the session again.
struct SessionParameters: Codable {
  var venue: String
  var device: String?
  var seed: UInt64
  /// The `start` the client gave, as it gave it.
  var start: JSONValue?
  var particles: Int
  /// The version of the venue's map the session locates with.
  var map_version: Int

  /// As JSON text, as the store keeps it.
  func json() throws -> String { String(decoding: try JSONEncoder().encode(self), as: UTF8.self) }

  /// The parameters the store keeps as `json`.
  init(json: String) throws {
    self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
  }

  /// The parameters of a session opened on `venue`.
  init(
    venue: String, device: String?, seed: UInt64, start: JSONValue?, particles: Int,
    map_version: Int
  ) {
    self.venue = venue
    self.device = device
    self.seed = seed
    self.start = start
    self.particles = particles
    self.map_version = map_version
  }
}
