import EventStream
import FingerpostCore
import Foundation

/// A `POST /fp/v1/sessions/{id}/events` batch, decoded as a tracking session decodes it (after
/// a step at t = 0): any bytes give step and scan records in time order or an error naming a
/// line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionEvents(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  do {
    _ = try StreamDecoder.records(in: bytes, previousStep: 0) {
      error throws(FingerpostError) in
      precondition((error.line ?? 0) >= 1, "a refused line has its number")
      throw error
    }
  } catch {
    precondition((error.line ?? 0) >= 1, "a refused batch names its line")
  }
  return 0
}
