import FingerpostCore
import Foundation
import Radio
import Testing

@Suite struct PropagationModelTests {
  let model = PropagationModel()

  @Test func logDistancePathLossWithWallsAndFloors() {
    // 10 m across, 1.3 m up: 3-D distance √101.69 m; −30 − 30·log10(10.084) = −60.11 dBm.
    let open = model.meanPower(
      referencePower: -30, horizontalDistance: 10, floors: 0, lightWalls: 0, heavyWalls: 0,
      band: .ghz2_4)
    #expect(abs(open - (-60.11)) < 0.01)
    let walled = model.meanPower(
      referencePower: -30, horizontalDistance: 10, floors: 0, lightWalls: 2, heavyWalls: 1,
      band: .ghz2_4)
    #expect(abs((open - walled) - (2 * 3.4 + 6.9)) < 1e-9)
    let upstairs5 = model.meanPower(
      referencePower: -39, horizontalDistance: 0, floors: 1, lightWalls: 0, heavyWalls: 0,
      band: .ghz5)
    // Vertical 3.5 + 1.3 = 4.8 m: −39 − 30·log10(4.8) − 27 = −86.44 dBm.
    #expect(abs(upstairs5 - (-86.44)) < 0.01)
    #expect(model.referencePower(.ghz5) == -39)
  }

  @Test func detectionCurveMatchesTheSpecifiedPoints() {
    #expect(abs(model.detectionProbability(-92) - 0.40) < 0.005)
    #expect(abs(model.detectionProbability(-50) - 0.94) < 0.005)
    #expect(model.detectionProbability(-100.5) == 0)
    #expect(model.detectionProbability(-70) > model.detectionProbability(-80))
  }
}
