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
}
