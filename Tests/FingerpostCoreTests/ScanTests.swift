import FingerpostCore
import Testing

@Suite struct ScanTests {
  @Test func bssidsAreNormalisedAndLookedUp() {
    let scan = Scan(
      time: 2, device: "pixel",
      readings: [
        Reading(bssid: "AA:BB:CC:DD:EE:01", rssi: -61, frequency: 2412),
        Reading(bssid: "aa:bb:cc:dd:ee:02", rssi: -75),
      ])
    #expect(scan.readings[0].bssid == "aa:bb:cc:dd:ee:01")
    #expect(scan.rssi(of: "aa:bb:cc:dd:ee:01") == -61)
    #expect(scan.rssi(of: "aa:bb:cc:dd:ee:03") == nil)
    #expect(scan.readings[0].band == .ghz2_4)
    #expect(scan.readings[1].band == nil)
  }

  @Test func bandsFromFrequencies() {
    #expect(Band(frequency: 2462) == .ghz2_4)
    #expect(Band(frequency: 5745) == .ghz5)
    #expect(Band.ghz5.defaultFrequency == 5180)
  }
}
