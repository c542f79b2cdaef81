import FingerpostCore
import Foundation
import Geometry
import Testing

@testable import Motion

/// Steps, lengths and headings from synthetic phone signals with known steps.
@Suite struct PedestrianDeadReckoningTests {
  /// A phone held flat, walking at `cadence` steps a second with a vertical bounce of
  /// `bounce` m/s², at 50 Hz for `seconds`; a small 11 Hz hand tremor on top.
  static func walking(cadence: Double, bounce: Double, seconds: Double) -> [InertialSample] {
    stride(from: 0.0, to: seconds, by: 0.02).map { t in
      let a = 9.81 + bounce * sin(2 * .pi * cadence * t) + 0.15 * sin(2 * .pi * 11 * t + 0.3)
      return InertialSample(t: t, x: 0.3, y: 0.2, z: a)
    }
  }

  /// The rotation vector of a phone lying flat with its top pointing `heading` degrees
  /// clockwise from north (a turn of −heading about the up axis).
  static func flat(t: Double, heading: Double) -> InertialSample {
    let half = -heading * .pi / 360
    return InertialSample(t: t, x: 0, y: 0, z: sin(half), w: cos(half))
  }

  @Test func countsEveryStepOfASteadyWalk() {
    let steps = StepDetector().steps(in: Self.walking(cadence: 1.8, bounce: 2.5, seconds: 20))
    // 36 cycles; the first half cycle may be lost to the filter settling.
    #expect((35...36).contains(steps.count), "\(steps.count)")
    let periods = steps.compactMap(\.period)
    #expect(periods.allSatisfy { abs($0 - 1 / 1.8) < 0.05 }, "\(periods)")
  }

  @Test func findsNoStepWhileStandingOrShaking() {
    let still = StepDetector().steps(in: Self.walking(cadence: 1.8, bounce: 0.1, seconds: 10))
    #expect(still.isEmpty)
    // A fast shake (8 Hz) is above the low-pass cut-off.
    let shake = StepDetector().steps(in: Self.walking(cadence: 8, bounce: 3, seconds: 10))
    #expect(shake.count < 3, "\(shake.count)")
  }

  @Test func keepsTheMinimumIntervalBetweenSteps() {
    var detector = StepDetector()
    detector.minimumInterval = 0.8
    let steps = detector.steps(in: Self.walking(cadence: 1.8, bounce: 2.5, seconds: 20))
    #expect(zip(steps.dropFirst(), steps).allSatisfy { $0.t - $1.t >= 0.8 })
    #expect(steps.count < 20, "\(steps.count)")
  }

  @Test func weinbergLengthGrowsWithTheBounceAndIsBounded() {
    let model = WeinbergStepLength()
    let soft = model.length(peak: 11, valley: 8.5)
    let hard = model.length(peak: 14, valley: 6)
    #expect(soft < hard)
    #expect(abs(soft - 0.47 * pow(2.5, 0.25)) < 1e-9)
    #expect(model.length(peak: 10, valley: 9.9) == 0.47)  // floored range of 1 m/s²
    #expect(model.length(peak: 500, valley: 0) == model.maximumLength)
  }

  @Test func headingOfAFlatPhoneIsItsAzimuth() {
    for heading in [0.0, 45, 90, 200, 359] {
      let log = InertialLog(accelerometer: [], rotationVector: [Self.flat(t: 0, heading: heading)])
      let h = HeadingEstimator().headings(log)[0].heading
      #expect(abs(Bearing.difference(h, heading)) < 1e-6, "\(heading) → \(h)")
    }
  }

  /// A flat phone's rotation vector at `azimuth` and its gyroscope turning at `rate` degrees a
  /// second clockwise, at 50 Hz from 0 to `seconds`.
  static func log(
    seconds: Double, azimuth: (Double) -> Double, rate: (Double) -> Double
  ) -> InertialLog {
    var rotation: [InertialSample] = []
    var gyro: [InertialSample] = []
    for t in stride(from: 0.0, to: seconds, by: 0.02) {
      rotation.append(Self.flat(t: t, heading: azimuth(t)))
      // Clockwise seen from above is a negative rate about the up axis (z of a flat phone).
      gyro.append(InertialSample(t: t, x: 0, y: 0, z: -rate(t) * .pi / 180))
    }
    return InertialLog(accelerometer: [], gyroscope: gyro, rotationVector: rotation)
  }

  @Test func aHeadingThatStartsOffComesBackWhileTheGyroscopeDrifts() {
    // The phone walks north and turns to 90° at 30°/s between 20 and 23 s. Its first half
    // second the azimuth is bent 40° by a steel pillar; its gyroscope drifts 0.5°/s throughout.
    func truth(_ t: Double) -> Double { 30 * min(max(t - 20, 0), 3) }
    let log = Self.log(
      seconds: 60, azimuth: { truth($0) + ($0 < 0.5 ? 40 : 0) },
      rate: { ((20..<23).contains($0) ? 30 : 0) + 0.5 })
    let headings = HeadingEstimator().headings(log)
    let late = headings.filter { $0.t >= 10 }
    let worst = late.map { abs(Bearing.difference($0.heading, truth($0.t))) }.max()!
    // The drift leaves rate × time constant (1°); a pull that slowed while the azimuth and the
    // heading disagreed kept the heading about 30° off for the whole walk.
    #expect(worst < 3, "\(worst)")
  }

  @Test func theGyroscopeSmoothsAJitteringAzimuth() {
    // The azimuth swings ±10° from sample to sample about a phone held still at 120°.
    let log = Self.log(
      seconds: 20, azimuth: { 120 + (Int(($0 / 0.02).rounded()) % 2 == 0 ? 10 : -10) },
      rate: { _ in 0 })
    // The first azimuth is 10° off; five time constants later the heading holds 120°.
    let headings = HeadingEstimator().headings(log).filter { $0.t >= 10 }
    let worst = headings.map { abs(Bearing.difference($0.heading, 120)) }.max()!
    #expect(worst < 1, "\(worst)")
    // Without the gyroscope the azimuth is taken as it is.
    let alone = HeadingEstimator().headings(
      InertialLog(accelerometer: [], rotationVector: log.rotationVector))
    #expect(alone.filter { $0.t >= 10 }.allSatisfy { abs(Bearing.difference($0.heading, 120)) > 9 })
  }

  @Test func walkingStraightGivesStepsAlongTheHeading() {
    let accelerometer = Self.walking(cadence: 2, bounce: 3, seconds: 10)
    let rotation = accelerometer.map { Self.flat(t: $0.t, heading: 45) }
    let steps = PedestrianDeadReckoning().steps(
      InertialLog(accelerometer: accelerometer, rotationVector: rotation))
    #expect((19...20).contains(steps.count), "\(steps.count)")
    #expect(steps.allSatisfy { abs($0.heading - 45) < 1e-6 })
    let expected = WeinbergStepLength().length(peak: 12.81, valley: 6.81)
    #expect(
      steps.dropFirst().allSatisfy { abs($0.length - expected) < 0.08 }, "\(steps.map(\.length))")
  }
}
