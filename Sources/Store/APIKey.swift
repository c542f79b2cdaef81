import FingerpostCore
import Foundation

/// An API key of the service: who may locate, which venues it may read and write, and how many
/// requests a day it may make (ichnaea's daily limit, counted per UTC day). The store keeps only
/// the key's SHA-256 (`hash`) and its first few characters (`prefix`), never the key itself.
public struct APIKey: Sendable, Hashable, Codable {
  /// The SHA-256 of the key as clients send it (`?key=`), 64 hexadecimal digits: its id.
  public var hash: String
  /// The key's first characters (at most 8, a quarter of the key), to tell keys apart in lists.
  public var prefix: String
  /// A name for people.
  public var name: String
  /// Whether the key may locate (`/v1/geolocate`, `/fp/v1/venues/{id}/locate`, sessions).
  public var allowLocate: Bool
  /// The venue ids the key may read (venue, levels, units, surveys, radio map, jobs) besides
  /// those it writes; `*` is every venue.
  public var readVenues: [String]
  /// The venue ids the key may write (upload, survey, build); `*` is every venue.
  public var writeVenues: [String]
  /// Requests a UTC day, nil for no limit.
  public var dailyLimit: Int?
  /// Whether the key was revoked (then it is refused everywhere).
  public var revoked: Bool
  /// When the key was added.
  public var created: Date

  /// The stored form of a key whose SHA-256 is `hash`.
  public init(
    hash: String, prefix: String, name: String, allowLocate: Bool = true,
    readVenues: [String] = [], writeVenues: [String] = [], dailyLimit: Int? = nil,
    revoked: Bool = false, created: Date = Date()
  ) {
    self.hash = hash
    self.prefix = prefix
    self.name = name
    self.allowLocate = allowLocate
    self.readVenues = readVenues
    self.writeVenues = writeVenues
    self.dailyLimit = dailyLimit
    self.revoked = revoked
    self.created = created
  }

  /// The stored form of `key` (hashed; the key itself is not kept): by default it may locate,
  /// reads only what it writes, writes nothing and has no daily limit.
  public init(
    key: String, name: String, allowLocate: Bool = true, readVenues: [String] = [],
    writeVenues: [String] = [], dailyLimit: Int? = nil, revoked: Bool = false,
    created: Date = Date()
  ) {
    self.init(
      hash: Self.hash(key), prefix: Self.prefix(key), name: name, allowLocate: allowLocate,
      readVenues: readVenues, writeVenues: writeVenues, dailyLimit: dailyLimit, revoked: revoked,
      created: created)
  }

  /// Whether the key may write venue `id` (upload it, append surveys, build its map).
  public func mayWrite(venue id: String) -> Bool {
    !revoked && (writeVenues.contains("*") || writeVenues.contains(id))
  }

  /// Whether the key may read venue `id` (it reads every venue it may write).
  public func mayRead(venue id: String) -> Bool {
    !revoked && (readVenues.contains("*") || readVenues.contains(id) || mayWrite(venue: id))
  }

  /// The SHA-256 of `key`'s UTF-8, as 64 lowercase hexadecimal digits: what the store keeps.
  public static func hash(_ key: String) -> String {
    Digest.hex(Data(key.utf8))
  }

  /// The characters of `key` shown in lists: a quarter of it, at most 8 (a generated key keeps
  /// 96 of its 128 bits secret).
  public static func prefix(_ key: String) -> String {
    String(key.prefix(min(8, key.count / 4)))
  }

  /// The longest key, characters (generated keys have 32): the service refuses longer ones
  /// unread.
  public static let maximumLength = 128

  /// Refuses a key that is not 1 to `maximumLength` ASCII letters, digits, - or _ (what a key
  /// may be, so that it stays one query parameter), naming `field`.
  public static func check(_ key: String, field: String) throws(FingerpostError) {
    guard !key.isEmpty, key.utf8.count <= maximumLength,
      key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw FingerpostError(
        .invalidValue, field: field,
        "a key is 1 to \(maximumLength) ASCII letters, digits, - or _")
    }
  }

  /// A new random key: 32 hexadecimal digits from the system's generator.
  public static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
  }
}
