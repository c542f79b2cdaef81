import Foundation
import IMDF
import Testing

/// Bounds on the values and nesting of one document (untrusted input: a small body must not
/// become millions of values).
@Suite struct JSONParserLimitsTests {
  @Test func aDocumentWithMoreValuesThanAllowedIsRefusedWhereItCrossesTheBound() throws {
    // [0,0,0,0,0]: the array and five numbers are six values.
    let text = Data("[0,0,0,0,0]".utf8)
    #expect(try JSONParser.parse(text, limits: .init(values: 6)).arrayValue?.count == 5)
    #expect {
      try JSONParser.parse(text, limits: .init(values: 5))
    } throws: { error in
      let syntax = error as? JSONParser.SyntaxError
      return syntax?.reason == "more than 5 values" && syntax?.column == 10
    }
  }

  @Test func membersAndElementsOfObjectsCountAsValues() throws {
    let text = Data(#"{"items":[{"a":[0]},{"a":[0]}]}"#.utf8)
    // The object, the array, two objects, two arrays, two numbers.
    #expect(throws: JSONParser.SyntaxError.self) {
      try JSONParser.parse(text, limits: .init(values: 7))
    }
    #expect(try JSONParser.parse(text, limits: .init(values: 8))["items"] != nil)
  }

  @Test func nestingDeeperThanTheLimitIsRefused() throws {
    #expect(try JSONParser.parse(Data("[[[1]]]".utf8), limits: .init(depth: 4)) != .null)
    #expect {
      try JSONParser.parse(Data("[[[[1]]]]".utf8), limits: .init(depth: 4))
    } throws: { ($0 as? JSONParser.SyntaxError)?.reason == "nesting deeper than 4" }
  }
}
