import JSON

// An archive's size in bytes does not bound what loading it costs: a zip of a few kilobytes can
// inflate to a GeoJSON of millions of tiny values, features or coordinates, each of which costs
// far more memory than its bytes (about 50 bytes a value while parsed). Loading counts them
// across the archive and stops at limits a large real venue stays within: PolyMap's seven
// floors hold 205,000 values in 3.4 MB; the limit is 20 times that.

extension VenueLoader {
  /// Bounds on what one archive may hold; loading stops at the first one exceeded, with an
  /// error finding, and the venue's `limitExceeded` says which.
  public struct Limits: Sendable, Hashable {
    /// JSON values in all files together (each member and element counted).
    public var values: Int
    /// The deepest nesting of arrays and objects in a file.
    public var depth: Int
    /// Features in all files together.
    public var features: Int
    /// Coordinate positions in all geometries together.
    public var positions: Int
    /// Findings kept (the rest are counted in one last finding).
    public var findings: Int

    /// Limits of `values` JSON values, `depth` levels, `features` features, `positions`
    /// positions and `findings` findings.
    public init(
      values: Int = 4_000_000, depth: Int = 32, features: Int = 250_000,
      positions: Int = 2_000_000, findings: Int = 1_000
    ) {
      self.values = values
      self.depth = depth
      self.features = features
      self.positions = positions
      self.findings = findings
    }
  }

  /// What an archive has used of its limits while it loads.
  struct Budget {
    let limits: Limits
    var values = 0
    var features = 0
    var positions = 0

    /// The parser's limits for the next file: what is left of the values.
    var jsonLimits: JSONParser.Limits {
      JSONParser.Limits(depth: limits.depth, values: max(0, limits.values - values))
    }
  }

  /// Keeps `limits.findings` of `venue`'s findings and counts the rest in one more.
  static func trimFindings(_ venue: inout Venue, limit: Int) {
    guard venue.findings.count > limit else { return }
    let left = venue.findings.count - limit
    venue.findings.removeSubrange(limit...)
    venue.findings.append(
      Finding(.info, file: "archive", "\(left) more finding(s) not listed (\(limit) are)"))
  }
}
