/// Any JSON value, kept as read so that nothing in a feature file is lost.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let s) = self { s } else { nil }
  }
  /// The number, when this is one.
  public var doubleValue: Double? {
    if case .number(let n) = self { n } else { nil }
  }
  /// The number as an integer, when this is a whole number.
  public var intValue: Int? {
    guard case .number(let n) = self, n.rounded() == n, abs(n) < 1e15 else { return nil }
    return Int(n)
  }
  /// The Boolean, when this is one.
  public var boolValue: Bool? {
    if case .bool(let b) = self { b } else { nil }
  }
  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { a } else { nil }
  }
  /// The members, when this is an object.
  public var objectValue: [String: JSONValue]? {
    if case .object(let o) = self { o } else { nil }
  }
  /// Whether this is `null`.
  public var isNull: Bool { self == .null }

  /// The JSON type name, for messages: `string`, `number`, `object`…
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Member `key` of an object, or `nil`.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let b = try? container.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? container.decode(Double.self) {
      self = .number(n)
    } else if let s = try? container.decode(String.self) {
      self = .string(s)
    } else if let a = try? container.decode([JSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let b): try container.encode(b)
    case .number(let n): try container.encode(n)
    case .string(let s): try container.encode(s)
    case .array(let a): try container.encode(a)
    case .object(let o): try container.encode(o)
    }
  }
}

/// Literals build JSON values directly, e.g. `let v: JSONValue = ["a", 1]`.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
  ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
