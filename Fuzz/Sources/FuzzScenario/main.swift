import Foundation
import Simulation

/// A scenario file (YAML or JSON): a scenario or an error naming file, line and key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  _ = try? Scenario(text: text, url: URL(fileURLWithPath: "/fuzz/scenario.yaml"))
  return 0
}
