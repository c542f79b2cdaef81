import FingerpostCore
import FloorPlans
import Geometry
import Radio
import Randomness
import Testing

@Suite struct ScanSimulatorTests {
  let world = Fixtures.lightWorld
  let spot = Point(x: -25, y: -16.5)  // in Room 0.01

  func simulator(seed: UInt64, offset: Double = 0, stale: Double? = nil) throws -> ScanSimulator {
    ScanSimulator(
      world: world, device: Device(name: "phone", offset: offset, staleShare: stale),
      generator: try RandomGenerator(seed: seed))
  }

  @Test func sameSeedSameScans() throws {
    let a = try simulator(seed: 3)
    let b = try simulator(seed: 3)
    for t in 0..<5 {
      #expect(
        try a.scan(at: spot, floor: FloorID(0), time: Double(t) * 2)
          == b.scan(at: spot, floor: FloorID(0), time: Double(t) * 2))
    }
  }

  @Test func readingsArePlausibleAndSorted() throws {
    let scan = try simulator(seed: 4).scan(at: spot, floor: FloorID(0), time: 0)
    #expect(!scan.readings.isEmpty)
    #expect(
      scan.readings.allSatisfy { $0.rssi >= -100 && $0.rssi < 0 && $0.rssi == $0.rssi.rounded() })
    #expect(zip(scan.readings, scan.readings.dropFirst()).allSatisfy { $0.rssi >= $1.rssi })
    #expect(scan.device == "phone")
  }

  @Test func staleEntriesRepeatThePreviousScan() throws {
    let always = try simulator(seed: 5, stale: 1)
    let first = try always.scan(at: spot, floor: FloorID(0), time: 0)
    let second = try always.scan(at: Point(x: 20, y: 15), floor: FloorID(0), time: 2)
    // Everything heard before is repeated verbatim, wherever the device is now.
    for reading in first.readings { #expect(second.rssi(of: reading.bssid) == reading.rssi) }
    let never = try simulator(seed: 5, stale: 0)
    let a = try never.scan(at: spot, floor: FloorID(0), time: 0)
    let b = try never.scan(at: spot, floor: FloorID(0), time: 2)
    #expect(a != b)
  }

  @Test func deviceOffsetShiftsTheMean() throws {
    let plain = try simulator(seed: 6, stale: 0)
    let hot = try simulator(seed: 7, offset: 5, stale: 0)
    let strongest = try #require(
      try plain.scan(at: spot, floor: FloorID(0), time: 0).readings.first?.bssid)
    var difference = 0.0
    var n = 0.0
    for t in 0..<200 {
      if let x = try hot.scan(at: spot, floor: FloorID(0), time: Double(t)).rssi(of: strongest),
        let y = try plain.scan(at: spot, floor: FloorID(0), time: Double(t)).rssi(of: strongest)
      {
        difference += x - y
        n += 1
      }
    }
    #expect(n > 150)
    #expect(abs(difference / n - 5) < 0.6)
  }

  /// The spread of a scan's mean deviation from each AP's mean over many scans at one spot, in
  /// `walks` walks of equally many scans.
  func scanMeanSpread(scanOffset: Double, walkOffset: Double = 0, walks: Int = 1) throws
    -> Double
  {
    var model = world.model
    model.scanOffsetSigma = scanOffset
    model.walkOffsetSigma = walkOffset
    model.staleShare = 0
    // Every AP above the sensitivity heard, so that scans share their APs.
    model.detectionMidpoint = -110
    model.detectionWidth = 1
    let world = try World(
      plans: world.plans, accessPoints: world.accessPoints, model: model, seed: 11)
    let simulator = ScanSimulator(
      world: world, device: Device(name: "phone", offset: 0),
      generator: try RandomGenerator(seed: 8))
    let scans = try (0..<60).map {
      if $0 > 0, $0 % (60 / walks) == 0 { simulator.startWalk() }
      return try simulator.scan(at: spot, floor: FloorID(0), time: Double($0))
    }
    // The APs heard in most scans, and each one's mean over the scans that heard it.
    let bssids = Set(scans.flatMap { $0.readings.map(\.bssid) })
    let means = Dictionary(
      uniqueKeysWithValues: bssids.compactMap { b -> (String, Double)? in
        let heard = scans.compactMap { $0.rssi(of: b) }
        return heard.count >= 40 ? (b, heard.reduce(0, +) / Double(heard.count)) : nil
      })
    #expect(means.count >= 5)
    let deviations = scans.map { scan in
      let own = means.compactMap { b, mean in scan.rssi(of: b).map { $0 - mean } }
      return own.reduce(0, +) / Double(max(own.count, 1))
    }
    return (deviations.map { $0 * $0 }.reduce(0, +) / Double(deviations.count)).squareRoot()
  }

  @Test func aScanOffsetMovesEveryReadingOfAScanTogether() throws {
    // Fading 2 dB over several APs averages out in a scan's mean; a 5 dB scan offset does not.
    #expect(try scanMeanSpread(scanOffset: 0) < 1.5)
    let spread = try scanMeanSpread(scanOffset: 5)
    #expect(spread > 3.5 && spread < 6.5)
  }

  @Test func aWalkOffsetMovesEveryReadingOfAWalkTogether() throws {
    // One walk keeps one offset, which each AP's mean takes up; over 20 walks of 3 scans the
    // walks' offsets move their scans' means apart.
    #expect(try scanMeanSpread(scanOffset: 0, walkOffset: 5) < 1.5)
    let spread = try scanMeanSpread(scanOffset: 0, walkOffset: 5, walks: 20)
    #expect(spread > 3.5 && spread < 6.5, "spread \(spread)")
  }
}
