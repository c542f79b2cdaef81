import FingerpostCore
import Foundation
import Testing

/// What `BinaryWriter` writes `BinaryReader` reads back bit for bit; sizes that do not fit
/// the bytes left are errors naming the file.
@Suite struct BinaryCodingTests {
  @Test func valuesComeBackBitForBit() throws {
    let doubles = [0.1, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, 1e300]
    var w = BinaryWriter()
    w.doubles(doubles)
    w.optional(nil)
    w.optional(Double.nan)
    w.string("AP 😀")
    w.integer(Int32(-7))
    w.bool(true)
    w.byteArray([1, 2, 3])
    var r = BinaryReader(w.data, file: "f")
    #expect(try r.doubles().map(\.bitPattern) == doubles.map(\.bitPattern))
    #expect(try r.optional() == nil)
    #expect(try r.optional()?.bitPattern == Double.nan.bitPattern)
    #expect(try r.string() == "AP 😀")
    #expect(try r.integer(Int32.self) == -7)
    #expect(try r.bool())
    #expect(try r.byteArray() == [1, 2, 3])
    #expect(r.isAtEnd)
  }

  @Test func sizesThatDoNotFitAreErrors() {
    var w = BinaryWriter()
    w.integer(UInt32(1_000_000))  // a count of a million doubles, none of them there
    var r = BinaryReader(w.data, file: "snap")
    #expect {
      _ = try r.doubles()
    } throws: { error in
      let e = error as? FingerpostError
      return e?.kind == .malformed && e?.file == "snap"
    }
    var flag = BinaryReader(Data([7]), file: "snap")
    #expect(throws: FingerpostError.self) { _ = try flag.bool() }
    var short = BinaryReader(Data([1, 2]), file: "snap")
    #expect(throws: FingerpostError.self) { _ = try short.integer(UInt32.self) }
  }
}
