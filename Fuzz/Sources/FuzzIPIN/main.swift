import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Workflows

/// A GetSensorData log (IPIN): bad lines are problems, the rest is imported, as a survey and as
/// a walk (steps by dead reckoning, scans, pressure) and its event stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIPIN(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let log = IPINLogFile(
    data: Data(bytes: start, count: count), file: "fuzz.txt",
    sensorTypes: IPINWalkImporter.inertialTypes)
  _ = IPINSiteImporter().importLogs([log])
  let walk = IPINWalkImporter().walk(
    log, origin: GeoCoordinate(longitude: 11.1105, latitude: 49.4609))
  _ = walk.eventStream
  return 0
}
