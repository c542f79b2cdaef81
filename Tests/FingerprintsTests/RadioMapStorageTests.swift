import FingerpostCore
import Foundation
import Geometry
import Testing

@testable import Fingerprints

@Suite struct RadioMapStorageTests {
  @Test func entriesQuantizeWithinTheirSteps() {
    for (rssi, spread, p) in [(-47.3, 3.14, 0.5), (-99.9, 11.97, 0.0012), (-20.01, 0.04, 0.998)] {
      let e = RadioMap.Entry(rssi: rssi, spread: spread, detection: p)
      #expect(abs(e.rssi - rssi) <= 0.125)
      #expect(abs(e.spread - spread) <= 0.05)
      let logit = { (q: Double) in log(q / (1 - q)) }
      #expect(abs(logit(e.detection) - logit(p)) <= 0.028)
    }
    // Out of range and not-a-number values are clamped, never trapped.
    let wild = RadioMap.Entry(rssi: -1e9, spread: 1e9, detection: .nan)
    #expect(wild.quarterDBm == Int16.min && wild.spreadCode == 255 && wild.detection < 0.0011)
    #expect(RadioMap.Entry(rssi: .nan, spread: .nan, detection: 2).detection > 0.998)
  }

  /// Outside its block an AP's expectation comes from its model: it must be what the dense map
  /// (every AP stored in every cell) holds there, to the entries' quantization.
  @Test func theModelOutsideEachBlockIsTheDenseMap() {
    var builder = RadioMapBuilder()
    builder.coverageRadius = 30
    let sparse = builder.build(surveys: [("synthetic", Synthetic.survey)], plans: nil).map
    builder.keepsEveryCell = true
    let dense = builder.build(surveys: [("synthetic", Synthetic.survey)], plans: nil).map
    let level = sparse.levels[0]
    var outside = 0
    for j in level.accessPoints.indices {
      for cell in level.inside.indices where level.inside[cell] {
        let a = sparse.expectation(level: 0, cell: cell, slot: j)
        let b = dense.expectation(level: 0, cell: cell, slot: j)
        if level.blocks[j].entry(column: cell % level.columns, row: cell / level.columns) == nil {
          outside += 1
        }
        #expect(abs(a.rssi - b.rssi) <= 0.13 && abs(a.spread - b.spread) <= 0.06)
        #expect(abs(log(a.detection / b.detection)) <= 0.03)
      }
    }
    // Survey of a 20 m square, map 30 m beyond it: most APs are only partly stored.
    #expect(outside > 1000)
    #expect(sparse.levels[0].entries.count < dense.levels[0].entries.count / 2)
    let scan = sparse.prepare(Synthetic.scan(at: Point(x: 30, y: 12), time: 0))
    for cell in stride(from: 0, to: level.inside.count, by: 7) where level.inside[cell] {
      let a = sparse.logLikelihood(scan, level: 0, cell: cell)
      let b = dense.logLikelihood(
        dense.prepare(Synthetic.scan(at: Point(x: 30, y: 12), time: 0)), level: 0, cell: cell)
      // Quantization moves a four-reading likelihood by 0.035 nats on average, 0.19 at most.
      #expect(abs(a - b) < 0.25, "cell \(cell): \(a) vs \(b)")
    }
  }

  /// A map whose dense tables would take 4.8 GB (400 × 400 cells, 2,500 APs, 12 bytes each, the
  /// format-1 layout that broke above 4 GiB) is small when each AP is heard in a small block,
  /// and writes and reads back whole.
  @Test func aMapBeyondFourGigabytesOfDenseTablesRoundTrips() throws {
    let (columns, rows, n) = (400, 400, 2_500)
    let cells = columns * rows
    var blocks: [RadioMap.Block] = []
    var entries: [RadioMap.Entry] = []
    for j in 0..<n {
      let (c, r) = ((j * 37) % (columns - 8), (j * 53) % (rows - 8))
      blocks.append(
        RadioMap.Block(
          column: Int32(c), row: Int32(r), columns: 8, rows: 8, offset: Int64(entries.count)))
      for k in 0..<64 {
        entries.append(
          RadioMap.Entry(rssi: -40 - Double(k), spread: 4, detection: 0.9 - Double(k) / 100))
      }
    }
    let level = RadioMap.Level(
      building: nil, ordinal: 0, levelID: nil, origin: .zero, spacing: 1, columns: columns,
      rows: rows, inside: Array(repeating: true, count: cells),
      accessPoints: (0..<n).map(Int32.init), blocks: blocks, entries: entries,
      models: (0..<n).map {
        RadioMap.AccessPointModel(
          position: Point(x: 5_000 + Double($0), y: 5_000), power: -35, exponent: 3,
          spread: 6)
      },
      surveyWeight: Array(repeating: 2, count: cells),
      priorScale: Array(repeating: 0.5, count: cells), baseline: Array(repeating: -3, count: cells),
      points: [])
    let map = RadioMap(
      bssids: (0..<n).map { String(format: "02:00:00:00:%02x:%02x", $0 / 256, $0 % 256) },
      levels: [level], origin: nil, frame: nil, sources: ["built in code"], measurementSigma: 2)
    #expect(Double(cells) * Double(n) * 12 > 4 * 1_073_741_824)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID()).fpmap")
    defer { try? FileManager.default.removeItem(at: url) }
    try RadioMapFile.write(map, to: url)
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size < 10_000_000, "\(size) bytes")
    let back = try RadioMapFile.read(url)
    #expect(back.levels[0].blocks == blocks && back.levels[0].entries == entries)
    #expect(back.levels[0].models == level.models && back.bssids == map.bssids)
    #expect(back.levels[0].priorScale == level.priorScale)
    let scan = back.prepare(
      Scan(
        time: 0, device: "test",
        readings: [Reading(bssid: map.bssids[7], rssi: -50, frequency: 2412)]))
    let inside = back.logLikelihood(scan, level: 0, cell: blocks[7].entry(column: 259, row: 371)!)
    let far = back.logLikelihood(scan, level: 0, cell: 0)
    #expect(inside.isFinite && far.isFinite && inside > far)
  }
}
