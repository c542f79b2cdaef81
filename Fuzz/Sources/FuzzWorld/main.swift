import Foundation
import Radio

/// A world file (YAML): a world description or an error naming file, line and key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorld(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  _ = try? WorldFile(text: text, url: URL(fileURLWithPath: "/fuzz/world.yaml"))
  return 0
}
