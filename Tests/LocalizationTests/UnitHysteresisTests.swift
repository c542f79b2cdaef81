import Testing

@testable import Localization

@Suite struct UnitHysteresisTests {
  @Test func holdsTheUnitUntilAChallengerLeadsClearlyForAWhile() {
    var h = UnitHysteresis(margin: 1.5, hold: 1.5)
    #expect(h.choose(plan: 0, shares: [1: 0.7, 2: 0.3], at: 0) == 1)
    // A slight lead is not enough.
    #expect(h.choose(plan: 0, shares: [1: 0.45, 2: 0.55], at: 0.5) == 1)
    // A clear lead must last 1.5 s.
    #expect(h.choose(plan: 0, shares: [1: 0.2, 2: 0.8], at: 1.0) == 1)
    #expect(h.choose(plan: 0, shares: [1: 0.2, 2: 0.8], at: 2.0) == 1)
    #expect(h.choose(plan: 0, shares: [1: 0.2, 2: 0.8], at: 2.5) == 2)
  }

  @Test func aFlickeringChallengerNeverTakesOver() {
    var h = UnitHysteresis(margin: 1.5, hold: 1.5)
    _ = h.choose(plan: 0, shares: [1: 0.8], at: 0)
    for k in 1...20 {
      let t = Double(k) * 0.5
      let shares: [Int: Double] = k % 2 == 0 ? [1: 0.2, 2: 0.8] : [1: 0.6, 2: 0.4]
      #expect(h.choose(plan: 0, shares: shares, at: t) == 1)
    }
  }

  @Test func massSpreadTooThinHasNoUnit() {
    var h = UnitHysteresis(margin: 1.5, hold: 1.5)
    #expect(h.choose(plan: 0, shares: [1: 0.2, 2: 0.2, 3: 0.25], at: 0) == nil)
    #expect(h.choose(plan: 0, shares: [:], at: 1) == nil)
    // A new plan resets the choice at once.
    _ = h.choose(plan: 0, shares: [1: 0.9], at: 2)
    #expect(h.choose(plan: 1, shares: [4: 0.9], at: 2.5) == 4)
  }
}
