import FingerpostCore
import FloorPlans
import Foundation
import Geometry

/// Surveyed AP positions: a CSV file of `bssid,level,x,y` lines (the level an IMDF level id or
/// a floor ordinal; x and y in the venue frame, metres; a first line naming the columns, blank
/// lines and `#` comments are skipped).
public struct KnownAccessPoints: Sendable {
  /// Floor and position by lower-case BSSID.
  public var positions: [String: (floor: FloorID, point: Point)]

  /// Reads the file at `path`, its levels looked up on `plans`.
  public init(contentsOf path: String, plans: FloorPlanSet) throws(FingerpostError) {
    try self.init(text: try FileAccess.text(path), file: path, plans: plans)
  }

  /// Reads `text` as if it were the file `file`.
  public init(text: String, file: String, plans: FloorPlanSet) throws(FingerpostError) {
    positions = [:]
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if n == 0 && fields.first?.lowercased() == "bssid" { continue }
      func failure(_ field: String, _ message: String) -> FingerpostError {
        FingerpostError(.invalidValue, file: file, line: n + 1, field: field, message)
      }
      guard fields.count == 4 else {
        throw failure("bssid", "needs four columns: bssid,level,x,y (found \(fields.count))")
      }
      let bssid = fields[0].lowercased()
      guard Self.isMAC(bssid) else {
        throw failure("bssid", "\"\(fields[0])\" is not a MAC address")
      }
      guard let floor = Self.floor(fields[1], plans: plans) else {
        throw failure("level", "\"\(fields[1])\" names no level of the venue (an id or an ordinal)")
      }
      guard let x = Double(fields[2]), x.isFinite, abs(x) < 1e7 else {
        throw failure("x", "\"\(fields[2])\" is not a position in metres")
      }
      guard let y = Double(fields[3]), y.isFinite, abs(y) < 1e7 else {
        throw failure("y", "\"\(fields[3])\" is not a position in metres")
      }
      guard positions[bssid] == nil else { throw failure("bssid", "\(bssid) is listed twice") }
      positions[bssid] = (floor, Point(x: x, y: y))
    }
  }

  /// The floor `text` names: a level id, else an ordinal that one level has.
  static func floor(_ text: String, plans: FloorPlanSet) -> FloorID? {
    if let floor = plans.floor(levelID: text) { return floor }
    guard let ordinal = Int(text) else { return nil }
    let floors = plans.floors(atOrdinal: ordinal)
    return floors.count == 1 ? floors[0] : nil
  }

  /// Whether `text` is six pairs of hex digits separated by colons.
  static func isMAC(_ text: String) -> Bool {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 6 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
  }
}
