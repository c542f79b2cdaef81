import Fingerprints
import Foundation

/// A Microsoft ILC path file: bad lines are problems, the rest is imported.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzILC(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? ILCPathImporter().importData(
    Data(bytes: start, count: count), file: URL(fileURLWithPath: "fuzz.txt"))
  return 0
}
