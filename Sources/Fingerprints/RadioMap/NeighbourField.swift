import Foundation
import Geometry

/// A scan's likelihood over the floor made of the survey points nearest it in signal space (the
/// points weighted kNN would average): each point a Gaussian of `kernel` metres around where it
/// was surveyed, weighted by exp(−(d − d₀) / `temperature`) for its signal distance d (d₀ the
/// nearest's), mixed with a share `outlier` spread evenly over the mapped floor area. Unlike the
/// map's per-AP model it needs no propagation model, so it holds where real signals follow none
/// (walls, bodies, cached entries), and unlike a kNN fix it keeps every mode the scan allows.
public struct NeighbourField: Sendable {
  /// How the field is made from the nearest points.
  public struct Settings: Sendable, Hashable, Codable {
    /// Survey points taken (the nearest in signal space).
    public var count = 24
    /// Sørensen distance over which a point's weight falls by e.
    public var temperature = 0.04
    /// Standard deviation of each point's Gaussian, metres.
    public var kernel = 3.0
    /// Share of the likelihood spread evenly over the mapped area (a scan the points mislead).
    public var outlier = 0.05

    /// Settings with the defaults.
    public init() {}

    /// Settings with these values.
    public init(count: Int = 24, temperature: Double, kernel: Double, outlier: Double = 0.05) {
      self.count = count
      self.temperature = temperature
      self.kernel = kernel
      self.outlier = outlier
    }
  }

  /// One survey point of the field.
  public struct Member: Sendable, Hashable {
    /// Index into the map's levels.
    public var level: Int
    /// Where it was surveyed, metres.
    public var position: Point
    /// Its share of the field (the members' shares sum to 1).
    public var weight: Double
  }

  /// The members, heaviest first.
  public let members: [Member]
  /// The settings the field was made with.
  public let settings: Settings
  /// Per map level, the uniform density of the outlier share, 1/m² (0 for unmapped levels).
  let floorDensity: [Double]

  /// The field of `members` (weights summing to 1) with `settings`; `mappedArea` per map level,
  /// m², spreads the outlier share.
  public init(members: [Member], settings: Settings, mappedArea: [Double]) {
    self.members = members
    self.settings = settings
    floorDensity = mappedArea.map { $0 > 0 ? 1 / $0 : 0 }
  }

  /// The field's density at `p` on map level `level`, 1/m² (over the levels, it integrates to 1
  /// up to the outlier share of unmapped levels).
  public func density(level: Int, at p: Point) -> Double {
    let s2 = settings.kernel * settings.kernel
    let norm = 1 / (2 * Double.pi * s2)
    var sum = 0.0
    for m in members where m.level == level {
      let d2 = m.position.squaredDistance(to: p)
      if d2 < 25 * s2 { sum += m.weight * exp(-d2 / (2 * s2)) }
    }
    let uniform = level < floorDensity.count ? floorDensity[level] : 0
    return (1 - settings.outlier) * norm * sum + settings.outlier * uniform
  }

  /// The field's density averaged over itself, Σ wₘ · density(at member m), 1/m²: what a cloud
  /// spread exactly as the field is would make of the scan.
  public var selfDensity: Double {
    members.reduce(0) { $0 + $1.weight * density(level: $1.level, at: $1.position) }
  }

  /// The share of the field's members on each map level.
  public func levelShares(levels: Int) -> [Double] {
    var shares = [Double](repeating: 0, count: levels)
    for m in members where m.level < levels { shares[m.level] += m.weight }
    return shares
  }
}

extension FingerprintLocator {
  /// The field of the scan's `settings.count` nearest survey points in signal space (the kNN
  /// representation and distance), nil when the scan knows no AP of the map.
  public func neighbourField(_ scan: PreparedScan, settings: NeighbourField.Settings)
    -> NeighbourField?
  {
    guard !scan.sparse.isEmpty, neighbours.count > 0 else { return nil }
    let nearest = NeighbourIndex.nearest(settings.count, of: signalDistances(scan))
    guard let first = nearest.first else { return nil }
    var members = nearest.map {
      NeighbourField.Member(
        level: Int(neighbours.level[$0.index]),
        position: map.levels[Int(neighbours.level[$0.index])].points[
          Int(neighbours.point[$0.index])
        ].position,
        weight: exp(-Double($0.distance - first.distance) / settings.temperature))
    }
    let total = members.reduce(0) { $0 + $1.weight }
    for i in members.indices { members[i].weight /= total }
    return NeighbourField(members: members, settings: settings, mappedArea: mappedArea)
  }

  /// Per map level, its mapped area, m².
  var mappedArea: [Double] {
    map.levels.indices.map {
      Double(mappedCells[$0].count) * map.levels[$0].spacing * map.levels[$0].spacing
    }
  }
}
