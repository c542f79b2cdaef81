import Fingerprints
import Foundation

/// A Microsoft ILC path file: bad lines are problems, the rest is imported, as a survey and as
/// a walk's inertial rows and scans.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzILC(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  _ = ILCPathImporter().importData(data, file: URL(fileURLWithPath: "fuzz.txt"))
  let recording = ILCPathFile(
    data: data, file: "fuzz.txt",
    sensorTypes: ["TYPE_ACCELEROMETER", "TYPE_GYROSCOPE", "TYPE_ROTATION_VECTOR"])
  _ = recording.scans()
  return 0
}
