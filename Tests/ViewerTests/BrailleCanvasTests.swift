import Testing
import Viewer

@Suite struct BrailleCanvasTests {
  @Test func eachDotOfACellHasItsBrailleBit() {
    var canvas = BrailleCanvas(columns: 1, rows: 1)
    #expect(canvas.character(0, 0) == nil)
    canvas.set(0, 0)
    #expect(canvas.character(0, 0) == "⠁")
    canvas.set(1, 3)
    #expect(canvas.character(0, 0) == "⢁")
    for x in 0..<2 { for y in 0..<4 { canvas.set(x, y) } }
    #expect(canvas.character(0, 0) == "⣿")
    #expect(canvas.dotCount(0, 0) == 8)
  }

  @Test func drawingOffTheCanvasIsClipped() {
    var canvas = BrailleCanvas(columns: 2, rows: 1)
    canvas.set(-1, 0)
    canvas.set(4, 0)
    canvas.set(0, 4)
    #expect((0..<2).allSatisfy { canvas.cellBits($0, 0) == 0 })
    canvas.line(-10, 1, 10, 1)  // crosses the canvas: only its part on it is drawn
    #expect(canvas.character(0, 0) == "⠒" && canvas.character(1, 0) == "⠒")
  }

  @Test func linesJoinTheirEndsWithoutGaps() {
    var canvas = BrailleCanvas(columns: 10, rows: 5)
    canvas.line(0, 0, 19, 13)
    #expect(canvas.isSet(0, 0) && canvas.isSet(19, 13))
    // Bresenham: one dot per column along a shallow line.
    for x in 0...19 { #expect((0..<20).contains { canvas.isSet(x, $0) }) }
    var dotted = BrailleCanvas(columns: 4, rows: 1)
    dotted.line(0, 0, 7, 0, every: 2)
    #expect((0...7).filter { dotted.isSet($0, 0) } == [0, 2, 4, 6])
  }

  @Test func circlesAreSymmetric() {
    var canvas = BrailleCanvas(columns: 10, rows: 5)
    canvas.circle(10, 10, radius: 5)
    for (x, y) in [(15, 10), (5, 10), (10, 15), (10, 5)] { #expect(canvas.isSet(x, y)) }
    #expect(!canvas.isSet(10, 10))
  }
}
