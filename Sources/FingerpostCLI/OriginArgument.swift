import ArgumentParser
import Foundation
import Geometry

/// A WGS84 point given on the command line as `LON,LAT` (degrees), e.g. `11.1105,49.4609`.
struct OriginArgument: ExpressibleByArgument, Sendable {
  /// The point.
  var coordinate: GeoCoordinate

  init?(argument: String) {
    let parts = argument.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 2, let lon = parts[0], let lat = parts[1], abs(lon) <= 180,
      abs(lat) <= 90
    else { return nil }
    coordinate = GeoCoordinate(longitude: lon, latitude: lat)
  }

}
