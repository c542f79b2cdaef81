import Geometry
import Testing

@Suite struct CellMaskTests {
  static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polygon {
    Polygon([Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)])
  }

  @Test func aFilledPolygonCoversItsAreaAndItsHolesStayEmpty() {
    var mask = CellMask(
      covering: BoundingBox(min: Point(x: 0, y: 0), max: Point(x: 10, y: 10)), step: 0.5)
    let square = Polygon(
      exterior: Self.rectangle(1, 1, 9, 9).exterior, holes: [Self.rectangle(3, 3, 5, 5).exterior])
    mask.fill(square)
    #expect(mask.area == 64 - 4)
    #expect(mask.cell(at: Point(x: 4, y: 4)).map { mask.isSet($0.column, $0.row) } == false)
    #expect(mask.cell(at: Point(x: 2, y: 2)).map { mask.isSet($0.column, $0.row) } == true)
    mask.fill(Self.rectangle(1, 1, 9, 2), value: false)
    #expect(mask.area == 64 - 4 - 8)
  }

  @Test func aTriangleIsFilledToWithinItsBoundaryCells() {
    var mask = CellMask(
      covering: BoundingBox(min: Point(x: 0, y: 0), max: Point(x: 20, y: 20)), step: 0.25)
    mask.fill(Polygon([Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 0, y: 20)]))
    #expect(abs(mask.area - 200) < 20 * 1.5 * 0.25)
  }

  @Test func openingDropsPassagesNarrowerThanTheWindow() {
    var mask = CellMask(
      covering: BoundingBox(min: Point(x: 0, y: 0), max: Point(x: 20, y: 10)), step: 0.25)
    mask.fill(Self.rectangle(0, 0, 20, 2))  // 2 m wide: survives
    mask.fill(Self.rectangle(0, 5, 20, 5.5))  // 0.5 m wide: dropped
    let opened = mask.eroded(by: 2).dilated(by: 2).intersection(mask)
    #expect(opened.area == 40)
    #expect(mask.regions().map(\.count).sorted() == [160, 640])
    #expect(opened.regions().count == 1)
  }

  @Test func erosionAndDilationAreExactOnASquare() {
    var mask = CellMask(
      covering: BoundingBox(min: Point(x: 0, y: 0), max: Point(x: 10, y: 10)), step: 1)
    mask.fill(Self.rectangle(2, 2, 8, 8))
    #expect(mask.eroded(by: 1).count == 16)
    #expect(mask.dilated(by: 1).count == 64)
    #expect(mask.dilated(by: 3).count == 100)
  }
}
