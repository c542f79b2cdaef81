import Testing

@testable import Service

/// MAC addresses in geolocate requests are read as ichnaea reads them, in one pass over the bytes.
@Suite struct MACAddressTests {
  @Test(arguments: [
    ("aa:bb:cc:dd:ee:01", "aa:bb:cc:dd:ee:01"),
    ("AA-BB-CC-DD-EE-01", "aa:bb:cc:dd:ee:01"),
    ("aAbBcCdDeE01", "aa:bb:cc:dd:ee:01"),
    ("aa\\:bb\\:cc\\:dd\\:ee\\:01", "aa:bb:cc:dd:ee:01"),
    ("aa-bb:cc-dd:ee-01", "aa:bb:cc:dd:ee:01"),
    (":aa:bb:cc:dd:ee:01:", "aa:bb:cc:dd:ee:01"),
    ("02:00:00:00:00:00", "02:00:00:00:00:00"),
    ("ff:ff:ff:ff:ff:fe", "ff:ff:ff:ff:ff:fe"),
  ])
  func aMACInAnyCaseAndWithAnySeparatorIsLowercaseWithColons(text: String, expected: String) {
    #expect(GeolocateRequest.normalizedMAC(text) == expected)
  }

  @Test(arguments: [
    "", "aa:bb:cc:dd:ee", "aa:bb:cc:dd:ee:0", "aa:bb:cc:dd:ee:01:02", "aabbccddeeff01",
    "aab:bcc:dd:ee:01", "aabb:ccdd:ee01", "aa:bb:cc:dd:ee:0g", "aa bb cc dd ee 01",
    "aa\\\\:bb:cc:dd:ee:01", "aa\\bb:cc:dd:ee:01", "aa:bb:cc:dd:ee:01\\", "00:00:00:00:00:00",
    "FF-FF-FF-FF-FF-FF", "aa:bb:cc:dd:ee:０１", String(repeating: ":", count: 53) + "aabbccddee01",
  ])
  func anythingElseIsNotAMAC(text: String) {
    #expect(GeolocateRequest.normalizedMAC(text) == nil, "\(text)")
  }
}
