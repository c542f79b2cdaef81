import FingerpostCore
import Foundation
import JSON
import Store

/// A request of Google's geolocation API as ichnaea reads it: the Wi-Fi networks heard (cells
/// and Bluetooth beacons are accepted and not used). Malformed entries are dropped, not fatal;
/// MAC addresses are read in any case with `:`, `-` or no separators; a MAC heard twice keeps
/// its strongest reading; hidden networks and SSIDs ending in `_nomap` are left out. A signal
/// strength is dBm when negative and a signal quality in percent when 1–100 (what `nmcli` and
/// clients built on it, such as mozloc, send), as a number or a numeric string.
public struct GeolocateRequest: Sendable, Hashable {
  /// Whether the client allows a position from its IP address (read, not used).
  public var considerIP: Bool
  /// The usable Wi-Fi networks: MAC (lowercase, colon-separated) and signal strength, dBm.
  public var wifi: [Reading]
  /// Entries dropped as malformed.
  public var dropped: Int

  /// Parses a request body within `limits`; an empty body is `{}`. Throws `parseError` (saying
  /// what failed) when the body is not a JSON object or a known field has the wrong type, and
  /// `tooManyValues` beyond the limit's count of values.
  public static func parse(_ data: Data, limits: JSONParser.Limits = JSONParser.Limits())
    throws(GeolocateError) -> GeolocateRequest
  {
    let json = try JSONValue.body(data.isEmpty ? Data("{}".utf8) : data, limits: limits)
    guard json.objectValue != nil else {
      throw .parseError("the body is a JSON \(json.typeName), not an object")
    }
    var considerIP = true
    if let value = json["considerIp"], !value.isNull {
      guard let flag = value.boolValue ?? value.stringValue.flatMap(Bool.init) else {
        throw .parseError("considerIp is a \(value.typeName), not a boolean")
      }
      considerIP = flag
    }
    var request = GeolocateRequest(considerIP: considerIP, wifi: [], dropped: 0)
    guard let field = json["wifiAccessPoints"], !field.isNull else { return request }
    guard let entries = field.arrayValue else {
      throw .parseError("wifiAccessPoints is a \(field.typeName), not an array")
    }
    var strongest: [String: Double] = [:]
    var order: [String] = []
    for entry in entries {
      guard let network = Self.network(entry) else {
        request.dropped += 1
        continue
      }
      if let known = strongest[network.mac] {
        strongest[network.mac] = max(known, network.rssi)
      } else {
        strongest[network.mac] = network.rssi
        order.append(network.mac)
      }
    }
    request.wifi = order.map { Reading(bssid: $0, rssi: strongest[$0] ?? -100) }
    return request
  }

  /// One entry's MAC and signal, nil when it is malformed or must not be used.
  static func network(_ entry: JSONValue) -> (mac: String, rssi: Double)? {
    guard let mac = entry["macAddress"]?.stringValue.flatMap(Self.normalizedMAC),
      let rssi = entry["signalStrength"].flatMap(Self.signal)
    else { return nil }
    if let ssid = entry["ssid"]?.stringValue, ssid.hasSuffix("_nomap") { return nil }
    if let hidden = entry["hidden"]?.boolValue, hidden { return nil }
    return (mac, rssi)
  }

  /// A signal strength as dBm, nil when it is neither dBm (−150 to below 0) nor a signal quality
  /// in percent (above 0 to 100, read back to dBm through NetworkManager's scale, on which 0 % is
  /// −100 dBm and 100 % is −40 dBm); a number or a numeric string, as ichnaea coerces it.
  static func signal(_ value: JSONValue) -> Double? {
    guard let number = value.doubleValue ?? value.stringValue.flatMap(Double.init), number.isFinite
    else { return nil }
    if number < 0 { return number >= -150 ? number : nil }
    guard number > 0, number <= 100 else { return nil }
    return -100 + 0.6 * number
  }

  /// `text` as a lowercase colon-separated MAC address, nil unless it is 12 ASCII hexadecimal digits
  /// (separated by `:` or `-`, or not at all) and a unicast address other than all zeros. Colons
  /// escaped as `nmcli` prints them (`\:`, which mozloc sends as they are) are colons.
  public static func normalizedMAC(_ text: String) -> String? {
    guard text.utf8.count <= 64 else { return nil }
    // One pass over the bytes: the 48 bits read so far, the digits in the current run between
    // separators (each run, when separators are used, must be one octet).
    var (value, digits, run) = (UInt64(0), 0, 0)
    var (separated, escaped) = (false, false)
    for byte in text.utf8 {
      if escaped && byte != UInt8(ascii: ":") { return nil }
      let nibble: UInt8
      switch byte {
      case UInt8(ascii: "\\"):
        escaped = true
        continue
      case UInt8(ascii: ":"), UInt8(ascii: "-"):
        guard run == 0 || run == 2 else { return nil }
        (run, separated, escaped) = (0, true, false)
        continue
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      digits += 1
      run += 1
      guard digits <= 12 else { return nil }
      value = value << 4 | UInt64(nibble)
    }
    guard !escaped, digits == 12, !separated || run == 0 || run == 2,
      value != 0, value != 0xFFFF_FFFF_FFFF
    else { return nil }
    return String(unsafeUninitializedCapacity: 17) { buffer in
      for k in 0..<12 {
        buffer[k / 2 * 3 + k % 2] = Digest.hexDigits[Int(value >> UInt64(4 * (11 - k)) & 0xF)]
      }
      for colon in stride(from: 2, to: 17, by: 3) { buffer[colon] = UInt8(ascii: ":") }
      return 17
    }
  }
}
