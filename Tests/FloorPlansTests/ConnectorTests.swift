import FloorPlans
import Testing

@Suite struct ConnectorTests {
  @Test func officeStairsAndElevatorStackAcrossAdjacentFloors() {
    let connectors = Fixtures.office.connectors
    #expect(connectors.filter { $0.kind == .stairs }.count == 4)
    #expect(connectors.filter { $0.kind == .elevator }.count == 2)
    for c in connectors {
      let lower = Fixtures.office[c.lower.floor].ordinal
      let upper = Fixtures.office[c.upper.floor].ordinal
      #expect(upper == lower + 1)
      #expect(Fixtures.office.unit(c.lower).category == Fixtures.office.unit(c.upper).category)
      #expect(c.source == .overlap)
    }
  }

  @Test func mallHasEscalatorsAndAnElevator() {
    let kinds = Fixtures.mall.connectors.map(\.kind)
    #expect(kinds.filter { $0 == .escalator }.count == 2)
    #expect(kinds.filter { $0 == .elevator }.count == 1)
  }
}
