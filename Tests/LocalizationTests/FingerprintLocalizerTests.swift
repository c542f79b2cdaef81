import FingerpostCore
import Geometry
import Testing

@testable import Localization

/// The fingerprint-only baseline places each scan on its own, by maximum likelihood or weighted
/// kNN, and holds the fix until the next scan.
@Suite struct FingerprintLocalizerTests {
  @Test(arguments: FingerprintLocalizer.Method.allCases)
  func aScanIsPlacedNearWhereItWasTaken(method: FingerprintLocalizer.Method) throws {
    let room = OfficeRadio.unit("Room 0.24", ordinal: 0)
    let localizer = FingerprintLocalizer(
      map: OfficeRadio.map, plans: OfficeRadio.plans, method: method)
    #expect(localizer.fix(at: 0) == nil)
    localizer.scan(OfficeRadio.scan(at: room.anchor, plan: room.plan, time: 1))
    let fix = try #require(localizer.fix(at: 3))
    #expect(fix.t == 3)
    #expect(fix.ordinal == 0)
    #expect(fix.position.distance(to: room.anchor) < 4, "\(method): \(fix.position)")
  }
}
