import EventStream
import FingerpostCore
import Testing

/// Lines a fuzzer or a careless writer produces: each is refused with its line number, never a trap.
@Suite struct HostileLineTests {
  @Test(arguments: ["1e20", "-1", "1.5", "\"7\"", "18446744073709551616"])
  func aSeedThatIsNoWholeUInt64IsRefused(seed: String) {
    let line = #"{"type":"meta","schema":1,"generator":"x","seed":"# + seed + "}"
    do {
      _ = try StreamDecoder.record(line[...], line: 3)
      Issue.record("seed \(seed) was read")
    } catch {
      #expect(error.line == 3 && error.field == "seed" && error.kind == .invalidValue)
    }
  }

  @Test func aWholeSeedIsRead() throws {
    let line = #"{"type":"meta","schema":1,"generator":"x","seed":9007199254740992}"#
    guard case .meta(let meta) = try StreamDecoder.record(line[...], line: 1) else {
      Issue.record("not a meta record")
      return
    }
    #expect(meta.seed == 9_007_199_254_740_992)
  }

  @Test func aStreamWithHostileLinesKeepsTheRest() {
    let text = """
      {"type":"meta","schema":1,"generator":"x","seed":1e300}
      {"type":"truth","t":1,"ordinal":1e300,"x":0,"y":0}
      {"type":"step","t":1,"length":0.7,"heading":90}
      [1]
      """
    var skipped: [Int?] = []
    let records = StreamDecoder.records(in: Array(text.utf8)) { skipped.append($0.line) }
    #expect(skipped == [1, 2, 4])
    #expect(records.map(\.line) == [3])
  }

  /// Found by fuzzing: an origin of infinite degrees was read, then written as `inf`.
  @Test(arguments: ["[24.9e894,60.17]", "[200,60]", "[24.9]", "\"here\""])
  func anOriginThatIsNoCoordinateIsRefused(origin: String) {
    let line = #"{"type":"meta","schema":1,"generator":"x","origin":"# + origin + "}"
    do {
      _ = try StreamDecoder.record(line[...], line: 1)
      Issue.record("origin \(origin) was read")
    } catch {
      #expect(error.field == "origin" && error.kind == .invalidValue)
    }
  }
}
