import Foundation
import JSON
import Service

/// A `/v1/geolocate` body, decoded as the route decodes it (within the service's JSON limits):
/// any bytes give a request or a parse error, and every network kept has a normalized MAC
/// address and a finite signal strength.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeolocate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let limits = ServiceConfiguration(dataFolder: "/nonexistent").jsonLimits
  guard let request = try? GeolocateRequest.parse(Data(bytes: start, count: count), limits: limits)
  else { return 0 }
  for reading in request.wifi {
    precondition(
      GeolocateRequest.normalizedMAC(reading.bssid) == reading.bssid, "MAC \(reading.bssid)")
    precondition(reading.rssi.isFinite, "RSSI \(reading.rssi)")
  }
  return 0
}
