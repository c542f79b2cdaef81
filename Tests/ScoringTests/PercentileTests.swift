import Testing

@testable import Scoring

@Suite struct PercentileTests {
  @Test func linearInterpolatesAtNMinusOneTimesP() {
    let m = PercentileMethod.linear
    #expect(m.quantile([4, 1, 3, 2], 0.75) == 3.25)  // position 2.25
    #expect(m.quantile([1, 2, 3, 4], 0.5) == 2.5)
    #expect(abs(m.quantile((1...20).map(Double.init), 0.95) - 19.05) < 1e-12)
    #expect(m.quantile([7], 0.75) == 7)
    #expect(m.quantile([], 0.5).isNaN)
  }

  @Test func hazenPutsTheIthValueAtIMinusAHalfOverN() {
    let m = PercentileMethod.hazen
    #expect(m.quantile([1, 2, 3, 4], 0.75) == 3.5)  // position 2.5
    #expect(m.quantile([1, 2, 3, 4], 0.5) == 2.5)
    #expect(abs(m.quantile((1...20).map(Double.init), 0.95) - 19.5) < 1e-12)
    // Beyond the outer half-steps it clamps to the extremes.
    #expect(m.quantile([1, 2, 3, 4], 0.1) == 1)
    #expect(m.quantile([1, 2, 3, 4], 0.99) == 4)
  }
}
