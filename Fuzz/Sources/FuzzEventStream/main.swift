import EventStream
import Foundation

/// An event stream (NDJSON): every line is a record or a skipped line with its number; every
/// record read is written again and reads back to the same type.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventStream(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let records = StreamDecoder.records(in: bytes) { error in
    precondition((error.line ?? 0) >= 1, "a skipped line has its number")
  }
  for (line, record) in records {
    let text = StreamEncoder.line(record)
    let again = try? StreamDecoder.record(Substring(text), line: line)
    precondition(again?.type == record.type, "a written record reads back: \(text)")
  }
  return 0
}
