import Randomness
import Testing

/// A generator's state, taken and given to another generator of the same kind, continues the
/// same sequence; a state of another kind is refused.
@Suite struct StateTests {
  @Test(arguments: [GeneratorKind.mt19937, .taus2])
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

  /// A Mersenne Twister state whose word index lies outside its 624 words would have GSL read
  /// outside them (found by FuzzSnapshot): refused, the generator unchanged.
  @Test(arguments: [-1, 625, Int32.min])
  func aTwisterStateWithItsIndexOutsideItsWordsIsRefused(index: Int32) throws {
    let mt = try RandomGenerator(kind: .mt19937, seed: 3)
    var damaged = mt.state
    let offset = 624 * MemoryLayout<CUnsignedLong>.size
    withUnsafeBytes(of: index) { damaged.replaceSubrange(offset..<offset + 4, with: $0) }
    let before = mt.state
    #expect(throws: RandomnessError.self) { try mt.restore(state: damaged) }
    #expect(mt.state == before)
    #expect((try? mt.restore(state: before)) != nil)
  }

  @Test func aStateOfAnAlgorithmWithUncheckedIndicesIsRefused() throws {
    let ranlux = try RandomGenerator(kind: .ranlxd2, seed: 1)
    #expect(throws: RandomnessError.self) { try ranlux.restore(state: ranlux.state) }
  }
}
