import FingerpostCore
import Foundation
import Geometry

extension WorldFit.Work {
  /// Each AP's slow fading for a walk, and the offset a walk keeps: how far readings stay off
  /// their field for a whole recording. Two training scans of one floor at most 1.5 m apart are
  /// compared over the placed radios both heard above the detection midpoint less one width
  /// (where detection hardly censors them). Their differences less the pair's mean difference
  /// vary by 2·fading² plus the shadowing between the two points (2·shadowing²·(1 − e^(−d/L)))
  /// within a walk, and by 2·slow fading² more between walks. The mean difference itself, less
  /// what its n readings' spread leaves in it (spread / n), is 2·scan offset² within a walk and
  /// 2·(scan offset² + walk offset²) between walks. With 30 pairs of each, the slow fading's
  /// variance is taken out of the shadowing's, which had counted it (a cell's scans are mostly
  /// of one walk), and the scan offset fitted from the cells is split in the pairs' proportion
  /// into what each scan draws and what a walk keeps. The walks' offsets hold what the survey's
  /// phones differ by, so the device offset is set to 0: a simulated walk is one more walk of a
  /// phone like the survey's.
  mutating func fitWalkFading(_ samples: [WorldFit.Sample]) {
    let floor = model.detectionMidpoint - model.detectionWidth
    var grid: [WorldFit.Square: [Int]] = [:]
    for (s, sample) in samples.enumerated() where !cells[sampleCells[s]].heldOut {
      grid[WorldFit.Square(floor: sample.floor.index, point: sample.point, size: 1.5), default: []]
        .append(s)
    }
    let shadowing = model.shadowingSigma * model.shadowingSigma
    var sums = [(excess: Double, common: Double, pairs: Double)](repeating: (0, 0, 0), count: 2)
    var levels: [Int: Double] = [:]
    // Keys in a fixed order: the sums come out the same on every run.
    for key in grid.keys.sorted() {
      let members = grid[key]!
      var near: [Int] = []
      for dx in -1...1 {
        for dy in -1...1 {
          near += grid[WorldFit.Square(floor: key.floor, x: key.x + dx, y: key.y + dy)] ?? []
        }
      }
      for a in members {
        levels.removeAll(keepingCapacity: true)
        for reading in samples[a].readings where reading.rssi >= floor {
          levels[reading.radio] = reading.rssi
        }
        for b in near where b > a {
          let d = samples[a].point.distance(to: samples[b].point)
          guard d <= 1.5 else { continue }
          var differences: [Double] = []
          for reading in samples[b].readings where reading.rssi >= floor {
            guard positions[reading.radio] != nil, let level = levels[reading.radio] else {
              continue
            }
            differences.append(level - reading.rssi)
          }
          guard differences.count >= 5 else { continue }
          let mean = differences.reduce(0, +) / Double(differences.count)
          let spread =
            differences.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            / Double(differences.count - 1)
          let between = samples[a].walk != samples[b].walk ? 1 : 0
          let decorrelation = model.decorrelationDistance
          let shadowed = decorrelation > 0 ? 2 * shadowing * (1 - exp(-d / decorrelation)) : 0
          sums[between].excess += spread - shadowed
          sums[between].common += mean * mean - spread / Double(differences.count)
          sums[between].pairs += 1
        }
      }
    }
    guard sums[0].pairs >= 30, sums[1].pairs >= 30 else { return }
    let within = sums[0].excess / sums[0].pairs
    let between = sums[1].excess / sums[1].pairs
    let slow = max(0, (between - within) / 2)
    model.walkFadingSigma = slow.squareRoot()
    model.shadowingSigma = max(shadowing - slow, 1).squareRoot()
    fitted.insert("walk_fading_sigma")
    // The pairs' offset variances: a scan's own, and what a walk adds.
    let commonWithin = sums[0].common / sums[0].pairs
    let scanVariance = max(0, commonWithin) / 2
    let walkVariance = max(0, (sums[1].common / sums[1].pairs - commonWithin) / 2)
    guard scanVariance + walkVariance > 0 else { return }
    let offset = model.sharedOffsetVariance
    let walk = offset * walkVariance / (scanVariance + walkVariance)
    model.walkOffsetSigma = walk.squareRoot()
    model.scanOffsetSigma = (offset - walk).squareRoot()
    model.deviceOffsetSigma = 0
    fitted.formUnion(["walk_offset_sigma", "device_offset_sigma"])
  }
}
