import Foundation
import IMDF

/// A zipped IMDF archive as uploaded: any bytes give a venue with findings or a load error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVenueZip(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  _ = try? VenueLoader.load(zip: Data(bytes: start, count: count), path: "fuzz.zip")
  return 0
}
