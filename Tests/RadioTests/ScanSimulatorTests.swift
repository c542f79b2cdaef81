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
}
