import FingerpostCore
import Foundation
import Geometry
import Testing

@testable import Fingerprints

/// The shortcuts that make single-scan locate fast compute what the definitions compute: the
/// AP-indexed kNN distances, the likelihood scored AP by AP over many cells, and the likelihood
/// restricted to the cells near the kNN candidates.
@Suite struct FingerprintLocatorSpeedTests {
  let map = ForeignLevelTests.map

  /// Scans over the hall, some missing a third of their APs, one with an AP the map never saw.
  var scans: [PreparedScan] {
    var scans = [Point(x: 5, y: 7), Point(x: 30.5, y: 22), Point(x: 57, y: 51)].enumerated().map {
      map.prepare(ForeignLevelTests.hallScan(at: $1, time: Double($0), missing: $0 == 1))
    }
    var stranger = ForeignLevelTests.hallScan(at: Point(x: 12, y: 40), time: 9)
    stranger.readings.append(Reading(bssid: "ff:ff:ff:ff:ff:ff", rssi: -50))
    scans.append(map.prepare(stranger))
    return scans
  }

  /// The signal distance between a scan and a survey point by definition, visiting every AP
  /// either holds (what the index computes from the shared APs alone): the Manhattan
  /// distance in the positive representation (0 when not heard; the point's value its
  /// expectation over its scans, detection share × representation), Sørensen-normalised when
  /// `sorensen`.
  static func distance(
    _ locator: FingerprintLocator, _ scan: [(ap: Int32, rssi: Float)],
    _ point: [RadioMap.Observation]
  ) -> Float {
    let positive = locator.positive
    var i = 0
    var j = 0
    var total: Float = 0
    var sum: Float = 0
    while i < scan.count || j < point.count {
      let u: Float
      let v: Float
      if j == point.count || (i < scan.count && scan[i].ap < point[j].accessPoint) {
        u = positive(scan[i].rssi)
        v = 0
        i += 1
      } else if i == scan.count || point[j].accessPoint < scan[i].ap {
        u = 0
        v = point[j].detection * positive(point[j].rssi)
        j += 1
      } else {
        u = positive(scan[i].rssi)
        v = point[j].detection * positive(point[j].rssi)
        i += 1
        j += 1
      }
      total += abs(u - v)
      sum += u + v
    }
    return locator.sorensen ? total / max(sum, 1e-6) : total
  }

  @Test(arguments: [true, false])
  func indexedDistancesAreTheDefinition(sorensen: Bool) {
    var locator = FingerprintLocator(map: map)
    locator.sorensen = sorensen
    for scan in scans {
      let indexed = locator.signalDistances(scan)
      var n = 0
      for level in map.levels {
        for point in level.points {
          let direct = Self.distance(locator, scan.sparse, point.readings)
          #expect(
            abs(indexed[n] - direct) <= 1e-4 * max(1, direct), "point \(n): \(indexed[n]) \(direct)"
          )
          n += 1
        }
      }
      #expect(n == indexed.count)
    }
  }

  @Test func nearestKeepsTheFirstOfEqualDistances() {
    let nearest = NeighbourIndex.nearest(3, of: [0.5, 0.2, 0.5, 0.1, 0.2, 0.9])
    #expect(nearest.map(\.index) == [3, 1, 4])
    #expect(NeighbourIndex.nearest(4, of: [0.3, 0.3]).map(\.index) == [0, 1])
    #expect(NeighbourIndex.nearest(0, of: [0.3, 0.3]).isEmpty)
  }

  @Test func nearestIsTheHeadOfTheSortedDistances() {
    // Distances on a coarse grid (many ties), in a seeded order.
    var state: UInt64 = 7
    for (count, k) in [(1, 1), (50, 64), (500, 64), (2_000, 16), (2_000, 5)] {
      let distances = (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(state >> 58) / 8
      }
      let sorted = distances.enumerated().sorted {
        ($0.element, $0.offset) < ($1.element, $1.offset)
      }
      let nearest = NeighbourIndex.nearest(k, of: distances)
      #expect(nearest.map(\.index) == sorted.prefix(k).map(\.offset))
      #expect(nearest.map(\.distance) == sorted.prefix(k).map(\.element))
    }
  }

  @Test func scoresByAccessPointEqualScoresByCell() {
    let hall = map.levels.firstIndex { $0.building == "hall" }!
    let level = map.levels[hall]
    // Every cell of the grid: mapped, unmapped, inside and outside each AP's block.
    let cells = Array(level.inside.indices)
    for scan in scans {
      for offset in [0.0, 4.5] {
        let batch = map.logLikelihoods(scan, level: hall, cells: cells, deviceOffset: offset)
        for (i, cell) in cells.enumerated() {
          #expect(
            batch[i] == map.logLikelihood(scan, level: hall, cell: cell, deviceOffset: offset))
        }
      }
    }
  }

  @Test func candidateCellsLieNearTheNearestSurveyPoints() throws {
    let locator = FingerprintLocator(map: map)
    let scan = scans[1]
    let cells = try #require(locator.candidateCells(scan))
    let hall = map.levels.firstIndex { $0.building == "hall" }!
    let plaza = map.levels.firstIndex { $0.building == "plaza" }!
    #expect(cells[plaza].isEmpty)
    #expect(!cells[hall].isEmpty && cells[hall] == cells[hall].sorted())
    #expect(Set(cells[hall]).count == cells[hall].count)
    let level = map.levels[hall]
    // At most 4 × candidatePoints points, those nearest in signal space.
    let nearest = NeighbourIndex.nearest(
      4 * locator.candidatePoints, of: locator.signalDistances(scan)
    ).map { level.points[Int(locator.neighbours.point[$0.index])].position }
    let radius = max(locator.candidateRadius, 1.5 * locator.surveySpacing[hall])
    #expect(abs(locator.surveySpacing[hall] - 2) < 0.5)
    for cell in cells[hall] {
      #expect(level.inside[cell])
      let gap = nearest.map { $0.distance(to: level.center(of: cell)) }.min()!
      #expect(gap <= radius + level.spacing, "cell \(cell) is \(gap) m away")
    }
    #expect(cells[hall].count < level.inside.count { $0 } / 2)
    var exhaustive = locator
    exhaustive.candidatePoints = 0
    #expect(exhaustive.candidateCells(scan) == nil)
    // A scan whose every cell costs fewer terms than the limit is scored everywhere.
    var cheap = locator
    cheap.exhaustiveTerms = scan.knownCount(level: hall) * level.inside.count { $0 } + 1
    #expect(cheap.candidateCells(scan) == nil)
  }

  @Test func candidatesLocateWhereTheWholeGridDoes() throws {
    let fast = FingerprintLocator(map: map)
    var exhaustive = fast
    exhaustive.candidatePoints = 0
    for scan in scans {
      let a = try #require(fast.maximumLikelihoodWithOffset(scan))
      let b = try #require(exhaustive.maximumLikelihoodWithOffset(scan))
      #expect(a.fix.building == b.fix.building && a.fix.ordinal == b.fix.ordinal)
      #expect(
        a.fix.position.distance(to: b.fix.position) < 1, "\(a.fix.position) \(b.fix.position)")
    }
  }
}
