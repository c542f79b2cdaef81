import Geometry
import JSON

/// Writes one JSON object field by field, in the order given, every string escaped by
/// `JSONString.quoted`: the one writer behind event-stream lines and `locate` answers.
public struct JSONObjectWriter: Sendable {
  private var body: String
  private var fields = 0

  /// An empty object.
  public init() {
    body = "{"
  }

  /// An object whose first field is `"type": type`.
  public init(type: String) {
    self.init()
    string("type", type)
  }

  /// The object's JSON text.
  public var text: String { body + "}" }

  /// A field whose value is already JSON text.
  public mutating func raw(_ key: String, _ value: String) {
    body += (fields == 0 ? "" : ",") + JSONString.quoted(key) + ":" + value
    fields += 1
  }

  /// An integer field.
  public mutating func int(_ key: String, _ value: Int) { raw(key, String(value)) }

  /// A number with at most `decimals` decimals (NaN and infinities as `null`).
  public mutating func number(_ key: String, _ value: Double, _ decimals: Int) {
    raw(key, Self.format(value, decimals))
  }

  /// A number, or `null` when absent.
  public mutating func optionalNumber(_ key: String, _ value: Double?, _ decimals: Int) {
    raw(key, value.map { Self.format($0, decimals) } ?? "null")
  }

  /// A string field, escaped; when absent, `null` with `keepNull`, else no field.
  public mutating func string(_ key: String, _ value: String?, keepNull: Bool = false) {
    if let value { raw(key, JSONString.quoted(value)) } else if keepNull { raw(key, "null") }
  }

  /// A finite number with at most `decimals` decimals and no trailing zeros; NaN and ∞ as null.
  public static func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "null" }
    let scale = (0..<decimals).reduce(1.0) { partial, _ in partial * 10 }
    let scaled = (value * scale).rounded()
    // Beyond 15 digits a Double no longer holds every integer: the general printer.
    guard abs(scaled) < 1e15 else {
      var text = value.formatted(decimals: decimals)
      if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
      }
      return text == "-0" ? "0" : text
    }
    // The digits of the integer `scaled`, with the point `decimals` from the right.
    var magnitude = Int(abs(scaled))
    var places = decimals
    while places > 0, magnitude % 10 == 0 {
      magnitude /= 10
      places -= 1
    }
    guard magnitude > 0 else { return "0" }
    var digits: [UInt8] = []
    digits.reserveCapacity(24)
    var written = 0
    while magnitude > 0 || written <= places {
      if written == places, places > 0 { digits.append(UInt8(ascii: ".")) }
      digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
      written += 1
    }
    if scaled < 0 { digits.append(UInt8(ascii: "-")) }
    return String(decoding: digits.reversed(), as: UTF8.self)
  }
}
