import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

/// A synthetic level without a venue: APs following −30 − 30·log10(d) exactly, at (10, 5),
/// (−2, 22) and (22, −2), and a weaker one at (40, 15); surveyed every 2 m over x 0…20,
/// y 0…20 (two scans a stop).
enum Synthetic {
  static let ap = Point(x: 10, y: 5)
  static let far = Point(x: 40, y: 15)
  static let corners = [Point(x: -2, y: 22), Point(x: 22, y: -2)]

  static func rssi(at p: Point, ap: Point, power: Double = -30) -> Double {
    (power - 30 * log10(max(p.distance(to: ap), 1))).rounded()
  }

  static func scan(at p: Point, time: Double, offset: Double = 0) -> Scan {
    var readings = [Reading(bssid: "aa:00:00:00:00:01", rssi: rssi(at: p, ap: ap) + offset)]
    let weak = rssi(at: p, ap: far, power: -35) + offset
    if weak > -95 { readings.append(Reading(bssid: "aa:00:00:00:00:02", rssi: weak)) }
    for (i, corner) in corners.enumerated() {
      readings.append(
        Reading(bssid: "aa:00:00:00:00:0\(i + 3)", rssi: rssi(at: p, ap: corner) + offset))
    }
    return Scan(time: time, device: "d", readings: readings)
  }

  static var survey: SurveyFile {
    var records: [SurveyRecord] = []
    var t = 0.0
    for y in stride(from: 1.0, through: 19, by: 2) {
      for x in stride(from: 1.0, through: 19, by: 2) {
        for _ in 0..<2 {
          t += 2
          records.append(
            SurveyRecord(
              scan: scan(at: Point(x: x, y: y), time: t), ordinal: 0, building: "A",
              position: Point(x: x, y: y)))
        }
      }
    }
    return SurveyFile(header: SurveyHeader(venue: "synthetic"), records: records)
  }

  static let map: RadioMap = {
    var builder = RadioMapBuilder()
    builder.coverageRadius = 20
    return builder.build(surveys: [("synthetic", survey)], plans: nil).map
  }()
}

@Suite struct RadioMapBuilderTests {
  let map = Synthetic.map

  @Test func oneLevelFromTheSurveyLabels() {
    #expect(map.levels.count == 1)
    #expect(map.levels[0].building == "A" && map.levels[0].ordinal == 0)
    #expect(
      map.bssids == [
        "aa:00:00:00:00:01", "aa:00:00:00:00:02", "aa:00:00:00:00:03", "aa:00:00:00:00:04",
      ])
    #expect(map.sources == ["synthetic (200 scans)"])
    // Two scans at each of 100 stops: one survey point per stop.
    #expect(map.levels[0].points.count == 100)
    #expect(map.levels[0].points.allSatisfy { $0.scans == 2 })
  }

  /// Records are placed in runs on several workers: BSSIDs and levels must still be numbered
  /// in the order the file first names them, and no record may be lost or counted twice.
  @Test func bssidsAndLevelsAreNumberedInFileOrderAcrossWorkers() {
    // 5,000 records (several runs); record i hears AP i / 40 and AP 999 − i / 40, on level
    // i / 1,300 (a new level first seen inside a run).
    func bssid(_ prefix: String, _ n: Int) -> String {
      prefix + String(format: ":00:00:00:%02x:%02x", n / 256, n % 256)
    }
    var records: [SurveyRecord] = []
    for i in 0..<5_000 {
      let readings = [
        Reading(bssid: bssid("bb", i / 40), rssi: -50),
        Reading(bssid: bssid("cc", 999 - i / 40), rssi: -60),
      ]
      records.append(
        SurveyRecord(
          scan: Scan(time: Double(i), device: "d", readings: readings), ordinal: i / 1_300,
          building: "A", position: Point(x: Double(i % 50), y: Double(i % 7))))
    }
    let (map, report) = RadioMapBuilder().build(
      surveys: [("runs", SurveyFile(header: SurveyHeader(venue: "runs"), records: records))],
      plans: nil)
    var expected: [String] = []
    var seen: Set<String> = []
    for record in records {
      for r in record.scan.readings where seen.insert(r.bssid).inserted { expected.append(r.bssid) }
    }
    #expect(map.bssids == expected)
    #expect(map.levels.map { $0.ordinal } == [0, 1, 2, 3])
    #expect(report.used == 5_000)
    #expect(map.levels.reduce(0) { $0 + $1.points.count } == 5_000)
  }

  func mean(at p: Point) -> Double {
    map.expectation(level: 0, cell: map.levels[0].cell(at: p), slot: 0).rssi
  }

  func spread(at p: Point) -> Double {
    map.expectation(level: 0, cell: map.levels[0].cell(at: p), slot: 0).spread
  }

  func detection(at p: Point) -> Double {
    map.expectation(level: 0, cell: map.levels[0].cell(at: p), slot: 0).detection
  }

  @Test func expectedRSSIFollowsTheSurveyAndTheModelBeyondIt() {
    for p in [Point(x: 3, y: 3), Point(x: 10, y: 6), Point(x: 17, y: 15)] {
      #expect(
        abs(mean(at: p) - Synthetic.rssi(at: p, ap: Synthetic.ap)) < 1.5,
        "at \(p)")
    }
    // 12 m beyond the survey, the fitted path-loss model carries on.
    let beyond = Point(x: 32, y: 10)
    #expect(
      abs(mean(at: beyond) - Synthetic.rssi(at: beyond, ap: Synthetic.ap)) < 3)
  }

  @Test func spreadGrowsAwayFromSurveyedPlaces() {
    let near = spread(at: Point(x: 9, y: 9))
    let far = spread(at: Point(x: 34, y: 10))
    #expect(far > near + 1, "spread near \(near), far \(far)")
    #expect(detection(at: Point(x: 9, y: 9)) > 0.9)
  }

  @Test func repeatedVisitsAggregateInsteadOfDuplicating() {
    var twice = Synthetic.survey
    let again = Synthetic.survey.records.map { record -> SurveyRecord in
      var r = record
      r.scan.time += 10_000
      return r
    }
    twice.records += again
    var builder = RadioMapBuilder()
    builder.coverageRadius = 20
    let doubled = builder.build(surveys: [("twice", twice)], plans: nil).map
    // The same cells, with twice the scans: the expectation barely moves (only the shrinkage
    // towards the path-loss model weakens with more evidence)…
    let cells = map.levels[0].inside.indices
    let slots = map.levels[0].accessPoints.indices
    let before = slots.flatMap { j in
      cells.map { map.expectation(level: 0, cell: $0, slot: j).rssi }
    }
    let after = slots.flatMap { j in
      cells.map { doubled.expectation(level: 0, cell: $0, slot: j).rssi }
    }
    #expect(before.count == after.count)
    let largest = zip(before, after).map { abs($0 - $1) }.max() ?? 0
    #expect(largest < 0.75, "largest change \(largest) dB")
    // …and the second visit is a second survey point (a separate visit), not a merged one.
    #expect(doubled.levels[0].points.count == 200)
  }
}

@Suite struct LikelihoodTests {
  let map = Synthetic.map

  @Test func theTruePlaceIsMoreLikelyThanOthers() {
    let truth = Point(x: 6, y: 12)
    let scan = map.prepare(Synthetic.scan(at: truth, time: 0))
    let here = map.logLikelihood(scan, level: 0, at: truth)
    for other in [Point(x: 16, y: 2), Point(x: 2, y: 2), Point(x: 18, y: 18)] {
      #expect(here > map.logLikelihood(scan, level: 0, at: other), "at \(other)")
    }
  }

  @Test func deviceOffsetIsRecovered() {
    let truth = Point(x: 12, y: 8)
    let scan = map.prepare(Synthetic.scan(at: truth, time: 0, offset: 5))
    #expect(abs(map.deviceOffset(scan, level: 0, at: truth) - 5) <= 1.5)
    let locator = FingerprintLocator(map: map)
    let fix = locator.maximumLikelihoodWithOffset(scan)
    #expect(fix != nil)
  }

  @Test func accessPointsTheMapNeverSawWeighNothing() {
    // The same for every place and level, such a reading tells nothing about where the scan is.
    var scan = Synthetic.scan(at: Point(x: 5, y: 5), time: 0)
    let plain = map.logLikelihood(map.prepare(scan), level: 0, at: Point(x: 5, y: 5))
    scan.readings.append(Reading(bssid: "ff:ff:ff:ff:ff:ff", rssi: -70))
    let withStranger = map.logLikelihood(map.prepare(scan), level: 0, at: Point(x: 5, y: 5))
    #expect(plain == withStranger)
  }

  @Test func locatorsFindTheScanner() throws {
    let locator = FingerprintLocator(map: map)
    for truth in [Point(x: 4, y: 16), Point(x: 14, y: 4)] {
      let scan = map.prepare(Synthetic.scan(at: truth, time: 0))
      let knn = try #require(locator.nearestNeighbours(scan))
      let ml = try #require(locator.maximumLikelihood(scan))
      #expect(knn.position.distance(to: truth) < 4, "kNN \(knn.position) for \(truth)")
      #expect(ml.position.distance(to: truth) < 4, "ML \(ml.position) for \(truth)")
      #expect(ml.accuracy > 0)
    }
  }
}

@Suite struct RadioMapFileTests {
  func url() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID()).fpmap")
  }

  @Test func roundTripsExactly() throws {
    let file = url()
    defer { try? FileManager.default.removeItem(at: file) }
    try RadioMapFile.write(Synthetic.map, to: file)
    let back = try RadioMapFile.read(file)
    #expect(back.bssids == Synthetic.map.bssids)
    #expect(back.sources == Synthetic.map.sources)
    #expect(back.levels[0].blocks == Synthetic.map.levels[0].blocks)
    #expect(back.levels[0].entries == Synthetic.map.levels[0].entries)
    #expect(back.levels[0].models == Synthetic.map.levels[0].models)
    #expect(back.levels[0].surveyWeight == Synthetic.map.levels[0].surveyWeight)
    #expect(back.priorWeight == Synthetic.map.priorWeight)
    #expect(back.levels[0].baseline == Synthetic.map.levels[0].baseline)
    #expect(back.levels[0].inside == Synthetic.map.levels[0].inside)
    #expect(back.levels[0].points == Synthetic.map.levels[0].points)
    let scan = back.prepare(Synthetic.scan(at: Point(x: 5, y: 5), time: 0))
    #expect(
      back.logLikelihood(scan, level: 0, at: Point(x: 5, y: 5))
        == Synthetic.map.logLikelihood(
          Synthetic.map.prepare(Synthetic.scan(at: Point(x: 5, y: 5), time: 0)), level: 0,
          at: Point(x: 5, y: 5)))
  }

  @Test func truncatedOtherVersionAndForeignFilesAreRefused() throws {
    let file = url()
    defer { try? FileManager.default.removeItem(at: file) }
    try RadioMapFile.write(Synthetic.map, to: file)
    let data = try Data(contentsOf: file)
    try data.dropLast(100).write(to: file)
    #expect { try RadioMapFile.read(file) } throws: {
      ($0 as? FingerpostError)?.kind == .malformed && "\($0)".contains("truncated")
    }
    var other = data
    other[11] = 9  // the version field follows the 11-byte magic
    try other.write(to: file)
    #expect { try RadioMapFile.read(file) } throws: {
      ($0 as? FingerpostError)?.kind == .unsupportedVersion && "\($0)".contains("format version 9")
    }
    // Formats 1 (dense tables) and 2 (uncompressed blocks) are refused with what to do.
    for version: UInt8 in [1, 2] {
      other[11] = version
      try other.write(to: file)
      #expect { try RadioMapFile.read(file) } throws: {
        ($0 as? FingerpostError)?.kind == .unsupportedVersion
          && "\($0)".contains("format version \(version)") && "\($0)".contains("fingerpost ingest")
      }
    }
    // A damaged byte in the compressed body is caught by its chunk's checksum.
    var damaged = data
    damaged[damaged.count - 2] ^= 0x33
    #expect { try RadioMapFile.read(damaged, file: "damaged.fpmap") } throws: {
      ($0 as? FingerpostError)?.kind == .malformed && "\($0)".contains("damaged.fpmap")
        && "\($0)".contains("damaged")
    }
    try Data("hello".utf8).write(to: file)
    #expect { try RadioMapFile.read(file) } throws: {
      ($0 as? FingerpostError)?.kind == .malformed && "\($0)".contains("not a Fingerpost radio map")
    }
  }

  /// Sizes in a damaged file must be checked before they allocate or overflow (found by fuzzing).
  @Test func damagedSizesAreRefusedNotTrapped() throws {
    let file = url()
    defer { try? FileManager.default.removeItem(at: file) }
    try RadioMapFile.write(Synthetic.map, to: file)
    let data = try Data(contentsOf: file)
    var huge = data
    huge.replaceSubrange(15..<23, with: [UInt8](repeating: 0xFF, count: 8))  // header length
    #expect { try RadioMapFile.read(huge, file: "huge.fpmap") } throws: {
      ($0 as? FingerpostError)?.kind == .malformed && "\($0)".contains("huge.fpmap")
        && "\($0)".contains("header length")
    }
    let length = Int(data[15..<23].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
    let header = String(decoding: data[23..<(23 + length)], as: UTF8.self)
    let columns = try #require(header.range(of: #""columns":\d+"#, options: .regularExpression))
    var text = header
    text.replaceSubrange(columns, with: #""columns":4611686018427387904"#)
    var wide = Data(data[0..<15])
    withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { wide.append(contentsOf: $0) }
    wide.append(Data(text.utf8))
    wide.append(data[(23 + length)...])
    #expect { try RadioMapFile.read(wide, file: "wide.fpmap") } throws: {
      ($0 as? FingerpostError)?.kind == .malformed && "\($0)".contains("sizes are damaged")
    }
  }
}
