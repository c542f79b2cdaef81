import Fingerprints
import Foundation

/// A radio map file: a map or an error saying what is damaged, never a trap or a huge allocation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRadioMap(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? RadioMapFile.read(Data(bytes: start, count: count), file: "fuzz.fpmap")
  return 0
}
