import EventStream
import Foundation
import Geometry
import Testing

/// Numbers in the stream: fixed decimals, no trailing zeros, no `-0`, and the same text as the
/// general printer (`Double.formatted(decimals:)` with its zeros stripped).
@Suite struct NumberFormatTests {
  /// The general printer the fast path must agree with.
  func reference(_ value: Double, _ decimals: Int) -> String {
    var text = value.formatted(decimals: decimals)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  @Test func fixedCasesReadAsWritten() {
    #expect(JSONObjectWriter.format(0.05, 2) == "0.05")
    #expect(JSONObjectWriter.format(-0.004, 2) == "0")
    #expect(JSONObjectWriter.format(-12.345, 2) == "-12.35")
    #expect(JSONObjectWriter.format(100, 2) == "100")
    #expect(JSONObjectWriter.format(-67, 1) == "-67")
    #expect(JSONObjectWriter.format(1.5, 0) == "2")
    #expect(JSONObjectWriter.format(.nan, 2) == "null")
    #expect(JSONObjectWriter.format(3e17, 2) == reference(3e17, 2))
  }

  @Test func agreesWithTheGeneralPrinter() {
    // A fixed spread of values over 14 orders of magnitude, both signs, and halves.
    for decimals in 0...4 {
      for k in 0..<20_000 {
        let value = sin(Double(k)) * pow(10, Double(k % 14 - 5)) + (k % 7 == 0 ? 0.5 : 0)
        #expect(
          JSONObjectWriter.format(value, decimals) == reference(value, decimals),
          "\(value) with \(decimals) decimals")
      }
    }
  }
}
