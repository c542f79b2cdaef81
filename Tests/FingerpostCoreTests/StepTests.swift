import FingerpostCore
import Testing

/// Which steps a localizer takes: a walker's, not a NaN, not 1e300 m, not a speed held over
/// minutes (`Step.isUsable`).
@Suite struct StepTests {
  @Test func aWalkersStepsAreUsableAndAbsurdOnesAreNot() {
    #expect(Step(t: 1, length: 0.7, heading: 10).isUsable)
    #expect(Step(t: 1, length: Step.maximumLength, heading: 10).isUsable)
    #expect(!Step(t: 1, length: Step.maximumLength + 1, heading: 10).isUsable)
    #expect(!Step(t: 1, length: 1e300, heading: 10).isUsable)
    #expect(!Step(t: 1, length: -1e300, heading: 10).isUsable)
    #expect(!Step(t: 1, length: 0.7, heading: .nan).isUsable)
    #expect(!Step(t: 1, length: .infinity, heading: 0).isUsable)
  }

  @Test func aSpeedIsAStepOverTheTimeSinceThePreviousOne() {
    // 1.4 m/s over 0.5 s is a step; held over two minutes it is not one a walker takes.
    let short = Step(t: 1, speed: 1.4, heading: 0, previous: 0.5)
    #expect(short.length == 0.7 && short.isUsable)
    #expect(!Step(t: 121, speed: 1.4, heading: 0, previous: 1).isUsable)
  }
}
