import Randomness
import Testing

@Suite struct DistributionTests {
  @Test func momentsAreRight() throws {
    let rng = try RandomGenerator(seed: 5)
    let n = 20_000
    let g = (0..<n).map { _ in rng.gaussian(mean: 3, sigma: 2) }
    let mean = g.reduce(0, +) / Double(n)
    let variance = g.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)
    #expect(abs(mean - 3) < 0.05)
    #expect(abs(variance.squareRoot() - 2) < 0.05)
    let e = try (0..<n).map { _ in try rng.exponential(mean: 4) }
    #expect(abs(e.reduce(0, +) / Double(n) - 4) < 0.15)
    let p = try (0..<n).map { _ in try rng.poisson(mean: 2.5) }
    #expect(abs(Double(p.reduce(0, +)) / Double(n) - 2.5) < 0.05)
    let u = (0..<n).map { _ in rng.uniform(-1, 1) }
    #expect(u.allSatisfy { $0 >= -1 && $0 < 1 })
    let ints = try (0..<n).map { _ in try rng.uniformInt(below: 6) }
    #expect(Set(ints) == Set(0..<6))
  }

  @Test func invalidParametersThrowInsteadOfAborting() throws {
    let rng = try RandomGenerator(seed: 1)
    #expect(throws: RandomnessError.invalidParameter(name: "p", value: 1.5)) {
      try rng.bernoulli(1.5)
    }
    #expect(throws: RandomnessError.self) { try rng.exponential(mean: 0) }
    #expect(throws: RandomnessError.self) { try rng.poisson(mean: -1) }
    #expect(throws: RandomnessError.self) { try rng.uniformInt(below: 0) }
  }

  @Test func gslErrorsSurfaceAsSwiftErrors() throws {
    let rng = try RandomGenerator(seed: 1)
    // mt19937 draws 32-bit values: GSL itself rejects n beyond that range with GSL_EINVAL.
    do {
      _ = try rng.uniformInt(below: 1 << 40)
      Issue.record("expected a GSL error")
    } catch let error {
      guard case .gsl(let code, let reason) = error else {
        Issue.record("expected a GSL error, got \(error)")
        return
      }
      #expect(code == 4)  // GSL_EINVAL
      #expect(reason.contains("exceeds maximum value of generator"))
    }
  }

  @Test func uniformInARangeDrawsAsUniformBetweenItsBounds() throws {
    let a = try RandomGenerator(seed: 5)
    let b = try RandomGenerator(seed: 5)
    for _ in 0..<100 {
      let x = a.uniform(in: 0.8...1.2)
      #expect(x == b.uniform(0.8, 1.2))
      #expect(x >= 0.8 && x < 1.2)
    }
  }
}
