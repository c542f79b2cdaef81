import Foundation

/// An API key of the service: who may locate, who may write which venue, and how many requests
/// a day it may make (ichnaea's daily limit, counted per UTC day).
public struct APIKey: Sendable, Hashable, Codable {
  /// The key itself, as clients send it (`?key=`).
  public var key: String
  /// A name for people.
  public var name: String
  /// Whether the key may locate (`/v1/geolocate`, `/fp/v1/venues/{id}/locate`).
  public var allowLocate: Bool
  /// The venue ids the key may write (upload, survey, build); `*` is every venue.
  public var writeVenues: [String]
  /// Requests a UTC day, nil for no limit.
  public var dailyLimit: Int?
  /// Whether the key was revoked (then it is refused everywhere).
  public var revoked: Bool
  /// When the key was added.
  public var created: Date

  /// A key that may locate and write nothing, with no daily limit.
  public init(
    key: String, name: String, allowLocate: Bool = true, writeVenues: [String] = [],
    dailyLimit: Int? = nil, revoked: Bool = false, created: Date = Date()
  ) {
    self.key = key
    self.name = name
    self.allowLocate = allowLocate
    self.writeVenues = writeVenues
    self.dailyLimit = dailyLimit
    self.revoked = revoked
    self.created = created
  }

  /// Whether the key may write venue `id` (upload it, append surveys, build its map).
  public func mayWrite(venue id: String) -> Bool {
    !revoked && (writeVenues.contains("*") || writeVenues.contains(id))
  }

  /// A new random key: 32 hexadecimal digits from the system's generator.
  public static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
  }
}
