import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry

// Initialization and global draws: particles drawn from a scan's likelihood over the map.

extension ParticleFilter {
  /// Replaces every particle by `count` drawn from the scan's likelihood over the whole map
  /// times the floor prior (a new cloud: where walkers are is all that is known besides).
  func redraw(count: Int, from prepared: PreparedScan) {
    particles = ParticleCloud()
    trappedSteps = 0
    append(count: count, from: prepared, floorPrior: true)
  }

  /// The log weight of each map level for a particle drawn from a scan: the floor prior's
  /// when `floorPrior`, plus what the pressure reference says of each floor; nil when neither
  /// weighs (0 for levels of no plan).
  func levelBirthLogWeights(floorPrior: Bool) -> [Double]? {
    let prior = floorPrior && !settings.floors.isEmpty
    let pressure = levelPressureLogLikelihoods()
    guard prior || pressure != nil else { return nil }
    let weights = planOfLevel.indices.map { level in
      let plan = planOfLevel[level]
      guard plan >= 0 else { return 0.0 }
      let ordinal = plans.plans[plan].ordinal
      return (prior ? settings.floors.logWeight(ofOrdinal: ordinal) : 0)
        + (pressure?[level] ?? 0)
    }
    // The best mapped level at 0, so that their exponentials never all vanish.
    let top = planOfLevel.indices.filter { planOfLevel[$0] >= 0 }.map { weights[$0] }.max() ?? 0
    return weights.map { $0 - top }
  }

  /// Adds `count` particles drawn from the scan's likelihood over every mapped cell (from its
  /// nearest-points field when the nearest points weigh scans), times the floor prior when
  /// `floorPrior` and the pressure reference's likelihood of each floor.
  func append(count: Int, from prepared: PreparedScan, floorPrior: Bool = false) {
    if let field, !settings.measurement.usesRadioMap {
      return append(count: count, from: field, floorPrior: floorPrior)
    }
    var (cells, scores) = likelyCells(prepared)
    if let weights = levelBirthLogWeights(floorPrior: floorPrior) {
      for i in cells.indices { scores[i] += weights[cells[i].level] }
    }
    guard let top = scores.max(), top > -.infinity else { return }
    var cumulative: [Double] = []
    var total = 0.0
    for score in scores {
      total += exp(score - top)
      cumulative.append(total)
    }
    for _ in 0..<count {
      let target = rng.uniform() * total
      var low = 0
      var high = cumulative.count - 1
      while low < high {
        let mid = (low + high) / 2
        if cumulative[mid] < target { low = mid + 1 } else { high = mid }
      }
      let c = cells[low]
      let level = map.levels[c.level]
      let centre = level.center(of: c.cell)
      particles.append(
        x: centre.x + rng.uniform(-level.spacing / 2, level.spacing / 2),
        y: centre.y + rng.uniform(-level.spacing / 2, level.spacing / 2),
        plan: Int32(planOfLevel[c.level]),
        headingBias: rng.gaussian(sigma: settings.initialHeadingBias),
        scale: settings.initialScale * (1 + rng.gaussian(sigma: settings.initialScaleSpread)),
        offset: drawOffset())
    }
  }

  /// The mapped cells that hold nearly all of the scan's (tempered) likelihood, with their
  /// scores: the levels' grids in blocks of 3 × 3 cells, one cell of each block scored, then
  /// every cell of the best blocks that together hold 99.9 % of the blocks' mass. A venue's
  /// likelihood is smooth over 3 m, and scoring every cell of a large venue for each draw
  /// costs seconds.
  func likelyCells(_ prepared: PreparedScan) -> (
    cells: [(level: Int, cell: Int, offset: Double)], scores: [Double]
  ) {
    // One cell per block: the middle one when mapped, else the block's first mapped cell; on
    // the levels that could have heard the scan.
    var blocks: [(level: Int, cell: Int, offset: Double)] = []
    let competing = competingLevels(prepared)
    for (l, level) in map.levels.enumerated() where competing[l] {
      for r in stride(from: 0, to: level.rows, by: 3) {
        for c in stride(from: 0, to: level.columns, by: 3) {
          let members = Self.block(column: c, row: r, of: level).filter { level.inside[$0] }
          let middle = min(r + 1, level.rows - 1) * level.columns + min(c + 1, level.columns - 1)
          guard let first = members.first else { continue }
          blocks.append((l, members.contains(middle) ? middle : first, 0))
        }
      }
    }
    let coarse = logLikelihoods(prepared, at: blocks).map { settings.likelihoodTemperature * $0 }
    guard let top = coarse.max(), top > -.infinity else { return ([], []) }
    let mass = coarse.map { exp($0 - top) }
    let total = mass.reduce(0, +)
    var kept = 0.0
    var cells: [(level: Int, cell: Int, offset: Double)] = []
    for b in mass.indices.sorted(by: { mass[$0] > mass[$1] }) {
      guard kept < 0.999 * total else { break }
      kept += mass[b]
      let level = map.levels[blocks[b].level]
      let (c, r) = (blocks[b].cell % level.columns, blocks[b].cell / level.columns)
      for cell in Self.block(column: c - c % 3, row: r - r % 3, of: level) where level.inside[cell]
      {
        cells.append((blocks[b].level, cell, 0))
      }
    }
    let scores = logLikelihoods(prepared, at: cells).map { settings.likelihoodTemperature * $0 }
    return (cells, scores)
  }

  /// Per map level, whether it could be where `prepared` was heard: a level of a plan that
  /// knows at least 70 % as many of the scan's APs as the best-informed level, as the
  /// fingerprint locator and the floor watchdog require. A level that never saw most of the
  /// scan's APs (another building) explains it only by not knowing it, and must not draw the
  /// cloud there.
  func competingLevels(_ prepared: PreparedScan) -> [Bool] {
    let knownCounts = map.levels.indices.map { prepared.knownCount(level: $0) }
    let most = Double(knownCounts.max() ?? 0)
    return map.levels.indices.map {
      planOfLevel[$0] >= 0 && Double(knownCounts[$0]) >= 0.7 * most
    }
  }

  /// The cells of the 3 × 3 block of `level` whose first cell is (`c`, `r`), within the grid.
  static func block(column c: Int, row r: Int, of level: RadioMap.Level) -> [Int] {
    var cells: [Int] = []
    for rr in r..<min(r + 3, level.rows) {
      for cc in c..<min(c + 3, level.columns) { cells.append(rr * level.columns + cc) }
    }
    return cells
  }
}
