import Foundation

/// A radio map the service built for a venue: versioned, its bytes in a radio map file.
public struct StoredRadioMap: Sendable, Hashable, Codable {
  /// The venue it maps.
  public var venue: String
  /// 1, 2, … per venue; locate uses the highest.
  public var version: Int
  /// The strong HTTP entity tag of this version.
  public var etag: String
  /// The radio map file the instance that built it wrote (other instances keep their own
  /// copies, of the bytes in the store).
  public var path: String
  /// Survey scans it was built from.
  public var scans: Int
  /// When it was built.
  public var built: Date
  /// The SHA-256 of its file's bytes (hexadecimal): what tells this map's copy in a data folder
  /// from another store's map of the same venue and version. Nil for maps stored without it.
  public var digest: String?

  /// Creates a stored map record.
  public init(
    venue: String, version: Int, etag: String, path: String, scans: Int, built: Date,
    digest: String? = nil
  ) {
    self.venue = venue
    self.version = version
    self.etag = etag
    self.path = path
    self.scans = scans
    self.built = built
    self.digest = digest
  }
}

/// A radio map build: queued, running, done (with the map version) or failed (with why).
public struct MapBuildJob: Sendable, Hashable, Codable {
  /// Where a job is.
  public enum State: String, Sendable, Codable {
    /// Waiting to run.
    case queued
    /// Building.
    case running
    /// Built: `mapVersion` names the map.
    case done
    /// Not built: `message` says why.
    case failed
  }

  /// The job's id.
  public var id: String
  /// The venue whose map it builds.
  public var venue: String
  /// Where it is.
  public var state: State
  /// Share done, 0…1.
  public var progress: Double
  /// Why it failed, or what it made.
  public var message: String?
  /// The map version it made, when done.
  public var mapVersion: Int?
  /// When it was queued.
  public var created: Date
  /// When it last changed (or its worker last said it was still at it).
  public var updated: Date
  /// The instance working on it, once claimed.
  public var worker: String?

  /// A queued job.
  public init(id: String, venue: String, created: Date = Date()) {
    self.id = id
    self.venue = venue
    self.state = .queued
    self.progress = 0
    self.created = created
    self.updated = created
  }
}
