/// Writing JSON text by hand (for fixed field order and compact lines).
public enum JSONString {
  /// `text` as a JSON string literal, quotes included, with the escapes RFC 8259 requires.
  public static func quoted(_ text: String) -> String {
    // Most strings (BSSIDs, ids) need no escape: quoted as they are.
    if !text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
      return "\"" + text + "\""
    }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let s where s.value < 0x20:
        let hex = String(s.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
