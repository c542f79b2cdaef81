import Foundation
import IMDF
import TestSupport
import Testing

@Suite struct JSONParserTests {
  func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Data(text.utf8)) }

  @Test func parsesEveryValueKind() throws {
    let v = try parse(#" {"a": [1, -2.5e2, true, false, null], "b": {"c": "x"}, "d": 0.125} "#)
    #expect(v["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
    #expect(v["b"]?["c"]?.stringValue == "x")
    #expect(v["d"]?.doubleValue == 0.125)
  }

  @Test func decodesEscapesAndUnicode() throws {
    let v = try parse(#"["a\"b\\c\/d\n\t", "\u00e9\u0416", "\ud83d\ude00", "Этаж 2"]"#)
    #expect(v.arrayValue?.map(\.stringValue) == ["a\"b\\c/d\n\t", "éЖ", "😀", "Этаж 2"])
  }

  @Test(arguments: [
    ("{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}", 3, 14),
    ("[1, 2", 1, 6),
    ("{\"a\" 1}", 1, 6),
    ("[tru]", 1, 2),
    ("[01]", 1, 2),
    ("\"unterminated", 1, 14),
    ("[1] x", 1, 5),
    ("{\n\"é\": @}", 2, 6),
  ])
  func reportsLineAndColumnOfSyntaxErrors(text: String, line: Int, column: Int) {
    #expect {
      _ = try parse(text)
    } throws: { error in
      guard let e = error as? JSONParser.SyntaxError else { return false }
      return e.line == line && e.column == column
    }
  }

  @Test func refusesAbsurdNestingInsteadOfCrashing() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParser.SyntaxError.self) { try parse(deep) }
  }

  @Test func agreesWithFoundationOnARealFile() throws {
    let text = MiniVenue.files["unit.geojson"]!
    let ours = try parse(text)
    let theirs = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(ours == theirs)
  }

  @Test func numbersAreTheNearestDoubleAsStrtodReadsThem() throws {
    // The parser reads short numbers without text; they must be exactly what strtod gives.
    var texts = [
      "0", "-0", "0.1", "-67.5", "9007199254740992", "9007199254740993", "0.30000000000000004",
      "1234567890123456789", "12345678901234567890", "0.0000000000000000000001",
      "0.00000000000000000000001", "123.456e2", "-1E-3", "4503599627370497.5", "1.7976931348623157",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let digits = String((state >> 8) % (state & 2 == 0 ? 1_000_000_000_000_000 : .max))
      let point = Int(state % UInt64(digits.count + 1))
      let sign = state & 1 == 0 ? "-" : ""
      let whole = point == 0 ? "0" : String(digits.prefix(point))
      let fraction = String(digits.dropFirst(point))
      texts.append(sign + whole + (fraction.isEmpty ? "" : "." + fraction))
    }
    for text in texts {
      let value = try #require(try parse("[\(text)]").arrayValue?.first?.doubleValue)
      let expected = strtod(text, nil)
      #expect(value.bitPattern == expected.bitPattern, "\(text)")
    }
  }
}
