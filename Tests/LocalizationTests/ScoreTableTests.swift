import Testing

@testable import Localization

@Suite struct ScoreTableTests {
  @Test func computesEachKeyOncePerScan() {
    var table = ScoreTable()
    table.reset(expected: 10)
    var calls = 0
    for key in [5, 1 << 40 | 7, 5, 1 << 40 | 7, -3, 5] {
      let value = table.score(key) {
        calls += 1
        return Double(key % 1000)
      }
      #expect(value == Double(key % 1000))
    }
    #expect(calls == 3)
    table.reset(expected: 10)  // a new scan: everything is computed again
    _ = table.score(5) {
      calls += 1
      return 0
    }
    #expect(calls == 4)
  }

  @Test func manyKeysStayCorrectWhenTheTableFills() {
    var table = ScoreTable()
    table.reset(expected: 8)
    for key in 0..<500 { #expect(table.score(key * 4099) { Double(key) } == Double(key)) }
    for key in 0..<500 { #expect(table.score(key * 4099) { Double(key) } == Double(key)) }
  }
}
