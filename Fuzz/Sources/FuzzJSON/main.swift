import Foundation
import JSON

/// The JSON parser behind IMDF feature files, survey lines and event streams: any bytes give a
/// value or a syntax error with a position inside the input, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  do {
    _ = try JSONParser.parse(data)
  } catch {
    precondition(error.line >= 1 && error.column >= 1, "a syntax error has a position")
  }
  return 0
}
