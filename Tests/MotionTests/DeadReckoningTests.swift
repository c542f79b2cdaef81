import FingerpostCore
import Motion
import Randomness
import Testing

@Suite struct DeadReckoningTests {
  let walk = (0..<2000).map { Step(t: Double($0) * 0.5, length: 0.7, heading: 90) }

  @Test func noNoiseReportsTheTruth() throws {
    let dr = DeadReckoning(noise: .none, generator: try RandomGenerator(seed: 1))
    for step in walk.prefix(50) { #expect(try dr.observe(step) == [step]) }
  }

  @Test func sameSeedSameSteps() throws {
    let a = DeadReckoning(noise: StepNoise(), generator: try RandomGenerator(seed: 9))
    let b = DeadReckoning(noise: StepNoise(), generator: try RandomGenerator(seed: 9))
    for step in walk.prefix(200) { #expect(try a.observe(step) == b.observe(step)) }
  }

  @Test func errorsHaveTheConfiguredSize() throws {
    var noise = StepNoise()
    noise.missProbability = 0.1
    noise.doubleProbability = 0.05
    let dr = DeadReckoning(noise: noise, generator: try RandomGenerator(seed: 4))
    var reported: [Step] = []
    var missed = 0
    var doubled = 0
    for step in walk {
      let out = try dr.observe(step)
      if out.isEmpty { missed += 1 }
      if out.count == 2 { doubled += 1 }
      reported += out
    }
    #expect(abs(Double(missed) / 2000 - 0.1) < 0.02)
    #expect(abs(Double(doubled) / 1800 - 0.05) < 0.02)
    // Length: the walker's scale bias times 0.7 m, with 5 % noise per step.
    let meanLength = reported.map(\.length).reduce(0, +) / Double(reported.count)
    #expect(abs(meanLength - 0.7 * dr.scale) < 0.005)
    #expect(dr.scale != 1 && abs(dr.scale - 1) < 0.25)
    // Heading: constant bias plus a drift that has wandered after 1000 s.
    #expect(dr.headingBias != 0)
    let first = reported.prefix(20).map(\.heading).reduce(0, +) / 20
    #expect(abs(first - (90 + dr.headingBias)) < 3)
    #expect(abs(dr.drift) > 0.1)
  }

  @Test func headingsStayInZeroTo360() throws {
    let dr = DeadReckoning(noise: StepNoise(), generator: try RandomGenerator(seed: 2))
    for step in walk.prefix(300).map({ Step(t: $0.t, length: 0.7, heading: 359.5) }) {
      for s in try dr.observe(step) { #expect(s.heading >= 0 && s.heading < 360) }
    }
  }
}
