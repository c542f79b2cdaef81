import FingerpostCore
import Foundation
import Workflows

/// A `POST /fp/v1/venues/{id}/locate` body (`{"readings": [[bssid, rssi], …]}`), decoded as the
/// route decodes it: any bytes give a scan or an error naming the request body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  do {
    let scan = try Locate.scan(json: Data(bytes: start, count: count), source: "request body")
    for reading in scan.readings { precondition(reading.rssi.isFinite, "RSSI \(reading.rssi)") }
  } catch {
    precondition("\(error)".contains("request body"), "the error names the body: \(error)")
  }
  return 0
}
