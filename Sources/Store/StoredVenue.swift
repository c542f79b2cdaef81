import Foundation

/// A venue the service holds: its IMDF archive (zip) as uploaded.
public struct StoredVenue: Sendable, Hashable {
  /// The venue's id in the service's URLs.
  public var id: String
  /// The venue's name (from its IMDF venue feature).
  public var name: String
  /// The IMDF archive, zip bytes; empty for a map-only venue.
  public var archive: Data
  /// When it was last uploaded.
  public var updated: Date

  /// Whether the venue has no IMDF: only radio maps uploaded for it.
  public var isMapOnly: Bool { archive.isEmpty }

  /// Creates a stored venue.
  public init(id: String, name: String, archive: Data, updated: Date = Date()) {
    self.id = id
    self.name = name
    self.archive = archive
    self.updated = updated
  }
}

/// A venue in a listing: everything but its archive.
public struct VenueListing: Sendable, Hashable, Codable {
  /// The venue's id.
  public var id: String
  /// The venue's name.
  public var name: String
  /// The archive's size, bytes.
  public var archiveBytes: Int
  /// When it was last uploaded.
  public var updated: Date
  /// Survey scans stored for it.
  public var surveyScans: Int
  /// The newest built radio map's version, if any.
  public var mapVersion: Int?
}
