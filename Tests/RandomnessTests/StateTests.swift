import Randomness
import Testing

/// A generator's state, taken and given to another generator of the same kind, continues the
/// same sequence; a state of another kind is refused.
@Suite struct StateTests {
  @Test(arguments: [GeneratorKind.mt19937, .ranlxd2, .taus2])
  func aStateContinuesTheSameSequence(kind: GeneratorKind) throws {
    let first = try RandomGenerator(kind: kind, seed: 42)
    for _ in 0..<17 { _ = first.next() }
    let state = first.state
    #expect(!state.isEmpty)
    let expected = (0..<100).map { _ in first.next() }
    // Another seed, its own draws, then the state: the first generator's sequence.
    let second = try RandomGenerator(kind: kind, seed: 7)
    _ = second.next()
    try second.restore(state: state)
    #expect((0..<100).map { _ in second.next() } == expected)
  }

  @Test func aStateOfAnotherKindIsRefused() throws {
    let mt = try RandomGenerator(kind: .mt19937, seed: 1)
    let taus = try RandomGenerator(kind: .taus2, seed: 1)
    let before = taus.state
    #expect(throws: RandomnessError.self) { try taus.restore(state: mt.state) }
    #expect(taus.state == before)
  }
}
