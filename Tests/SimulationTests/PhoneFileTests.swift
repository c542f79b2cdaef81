import FingerpostCore
import Foundation
import Motion
import Radio
import Simulation
import TestSupport
import Testing

/// The phone file: what `walk import --phone` writes, `assess --phone` and scenarios read.
@Suite struct PhoneFileTests {
  @Test func aWrittenPhoneReadsBack() throws {
    var noise = StepNoise()
    noise.lengthSigma = 0.25
    noise.headingSigma = 12
    noise.headingDriftSigma = 1.5
    let phone = PhoneFile(
      device: Device(name: "fitted", offset: 0, scanInterval: 2.5, staleShare: 0),
      offsetGiven: false, deadReckoning: noise)
    let folder = try TemporaryFolder("phone")
    let url = folder.url.appendingPathComponent("phone.yaml")
    try phone.text(comments: ["fitted"]).write(to: url, atomically: true, encoding: .utf8)
    let back = try PhoneFile(contentsOf: url)
    #expect(back.device == phone.device)
    #expect(back.deadReckoning == noise)
    #expect(!back.offsetGiven)
  }

  @Test func badValuesAreNamed() throws {
    let folder = try TemporaryFolder("phone")
    let cases: [(String, String)] = [
      ("device: { scan_interval: 0 }\n", "scan_interval"),
      ("device: { stale_share: 1.5 }\n", "stale_share"),
      ("dead_reckoning: { heading_sigma: -1 }\n", "heading_sigma"),
      ("dead_reckoning: { step_sigma: 1 }\n", "step_sigma"),
      ("dead_reckoning: { miss_probability: 2 }\n", "miss_probability"),
    ]
    for (n, (text, field)) in cases.enumerated() {
      let url = folder.url.appendingPathComponent("bad\(n).yaml")
      try text.write(to: url, atomically: true, encoding: .utf8)
      #expect {
        _ = try PhoneFile(contentsOf: url)
      } throws: { error in
        let e = error as? FingerpostError
        return e?.file == url.path && e?.line == 1 && (e?.field ?? "").contains(field)
      }
    }
  }
}
