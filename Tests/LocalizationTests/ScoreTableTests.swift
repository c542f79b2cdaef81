import Testing

@testable import Localization

@Suite struct ScoreTableTests {
  @Test func distinctKeysGetDenseSlotsInTheOrderFirstSeen() {
    var table = ScoreTable()
    table.reset(expected: 6)
    let keys = [5, 1 << 40 | 7, 5, 1 << 40 | 7, -3, 5]
    #expect(keys.map { table.slot($0) } == [0, 1, 0, 1, 2, 0])
    #expect(table.count == 3)
    table.reset(expected: 6)  // a new scan: slots start again
    #expect(table.slot(-3) == 0 && table.count == 1)
  }

  @Test func aFullLoadOfCollidingKeysStaysCorrect() {
    var table = ScoreTable()
    table.reset(expected: 500)
    for k in 0..<500 { #expect(table.slot(k << 20) == k) }
    for k in 0..<500 { #expect(table.slot(k << 20) == k) }
    #expect(table.count == 500)
  }
}
