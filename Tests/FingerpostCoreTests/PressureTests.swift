import FingerpostCore
import Testing

@Suite struct PressureTests {
  @Test func aFloorUpIsAboutHalfAHectopascalLower() {
    // Near sea level the air thins by about 0.12 hPa a metre: 4 m up is about 0.48 hPa.
    let up = Pressure.heightChange(from: 1013.25, to: 1012.77)
    #expect(abs(up - 4.0) < 0.05)
    #expect(abs(Pressure.heightChange(from: 1012.77, to: 1013.25) + up) < 1e-9)
    // Higher up (980 hPa, about 280 m) a hectopascal is a little more height.
    #expect(Pressure.heightChange(from: 980, to: 979) > Pressure.heightChange(from: 1013, to: 1012))
  }

  @Test func theSameReadingIsNoHeight() {
    #expect(Pressure.heightChange(from: 980.078, to: 980.078) == 0)
  }
}
