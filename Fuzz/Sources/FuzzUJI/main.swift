import Fingerprints
import Foundation

/// A UJIIndoorLoc CSV file: bad rows are problems, a missing column is an error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUJI(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  _ = try? UJIIndoorLocImporter().importText(text, file: URL(fileURLWithPath: "fuzz.csv"))
  return 0
}
