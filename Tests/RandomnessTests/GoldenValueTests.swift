import Randomness
import Testing

/// Golden values produced by a C program calling GSL directly with the same seeds.
@Suite struct GoldenValueTests {
  @Test func rawIntegersMatchGSL() throws {
    let rng = try RandomGenerator(seed: 42)
    #expect([rng.next(), rng.next(), rng.next()] == [1_608_637_542, 3_421_126_067, 4_083_286_876])
    #expect(rng.name == "mt19937")
  }

  @Test func uniformMatchesGSL() throws {
    let rng = try RandomGenerator(seed: 42)
    #expect(rng.uniform() == 0.37454011430963874)
    #expect(rng.uniform() == 0.79654298420064151)
    #expect(rng.uniform() == 0.95071431156247854)
  }

  @Test func zigguratGaussianMatchesGSL() throws {
    let rng = try RandomGenerator(seed: 42)
    #expect(rng.gaussian(sigma: 2) == -1.6225271367161249)
    #expect(rng.gaussian(sigma: 2) == 2.1851126686474447)
    #expect(rng.gaussian(mean: 1, sigma: 2) == 1 - 3.7461479130965083)
  }

  @Test func exponentialPoissonBernoulliMatchGSL() throws {
    var rng = try RandomGenerator(seed: 42)
    #expect(try rng.exponential(mean: 1.5) == 0.70390212408275921)
    #expect(try rng.exponential(mean: 1.5) == 2.3884507814755747)
    rng = try RandomGenerator(seed: 42)
    #expect(try (0..<5).map { _ in try rng.poisson(mean: 3.5) } == [5, 3, 1, 1, 3])
    rng = try RandomGenerator(seed: 42)
    let trials = try (0..<8).map { _ in try rng.bernoulli(0.3) }
    #expect(trials == [false, false, false, true, false, false, false, false])
  }

  @Test func otherNamedGenerators() throws {
    let rng = try RandomGenerator(kind: .taus2, seed: 7)
    #expect(rng.name == "taus2")
    #expect(rng.uniform() == 0.83726106723770499)
    #expect(rng.uniform() == 0.5255569783039391)
    for kind in GeneratorKind.allCases {
      #expect(try RandomGenerator(kind: kind, seed: 1).name == kind.rawValue)
    }
  }
}
