import FingerpostCore
import Testing

@Suite struct ConcurrentMapTests {
  @Test func resultsComeInOrderOfTheirIndex() {
    #expect(concurrentMap(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
    #expect(concurrentMap(0) { $0 }.isEmpty)
  }

  @Test func aPairGivesBothResults() {
    let (a, b) = concurrentPair({ (0..<1_000).reduce(0, +) }, { "second" })
    #expect(a == 499_500 && b == "second")
  }
}
