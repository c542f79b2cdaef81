import Randomness
import Testing

@Suite struct SplitTests {
  @Test func sameSeedSameSequence() throws {
    let a = try RandomGenerator(seed: 2026)
    let b = try RandomGenerator(seed: 2026)
    #expect((0..<100).map { _ in a.uniform() } == (0..<100).map { _ in b.uniform() })
  }

  @Test func splitIsReproducibleAndIndependentOfDraws() throws {
    let parent = try RandomGenerator(seed: 99)
    let first = try parent.split(stream: 3)
    _ = (0..<10).map { _ in parent.uniform() }
    let again = try parent.split(stream: 3)
    #expect(first.seed == again.seed)
    #expect((0..<20).map { _ in first.next() } == (0..<20).map { _ in again.next() })
  }

  @Test func streamsDiffer() throws {
    let parent = try RandomGenerator(seed: 99)
    let seeds = try (0..<64).map { try parent.split(stream: $0).seed }
    #expect(Set(seeds).count == 64)
    #expect(!seeds.contains(parent.seed))
    let a = try parent.split(stream: 0)
    let b = try parent.split(stream: 1)
    let xs = (0..<2000).map { _ in a.uniform() }
    let ys = (0..<2000).map { _ in b.uniform() }
    #expect(abs(correlation(xs, ys)) < 0.08)
  }

  private func correlation(_ xs: [Double], _ ys: [Double]) -> Double {
    let n = Double(xs.count)
    let mx = xs.reduce(0, +) / n
    let my = ys.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for (x, y) in zip(xs, ys) {
      sxy += (x - mx) * (y - my)
      sxx += (x - mx) * (x - mx)
      syy += (y - my) * (y - my)
    }
    return sxy / (sxx * syy).squareRoot()
  }
}
