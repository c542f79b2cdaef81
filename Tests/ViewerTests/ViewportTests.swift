import Geometry
import Testing
import Viewer

@Suite struct ViewportTests {
  let box = BoundingBox(min: Point(x: -30, y: -20), max: Point(x: 30, y: 20))

  @Test func fittingShowsTheWholeBoxWithItsCentreInTheMiddle() {
    let view = Viewport.fitting(box, columns: 80, rows: 20)
    #expect(view.visible.contains(box.min) && view.visible.contains(box.max))
    #expect(view.dot(box.center) == (80, 40))  // the middle of 160 × 80 dots
    let corner = view.dot(Point(x: box.min.x, y: box.max.y))
    #expect(corner.x >= 0 && corner.y >= 0)  // north-west corner on screen, y grows down
  }

  @Test func dotsAndPointsRoundTrip() {
    let view = Viewport(center: Point(x: 5, y: -3), scale: 0.25, columns: 40, rows: 10)
    for (x, y) in [(0, 0), (17, 33), (79, 39)] {
      let p = view.point(dotX: x, dotY: y)
      #expect(view.dot(p) == (x, y))
    }
    #expect(view.cell(Point(x: 5, y: -3)) == (20, 5))
  }

  @Test func zoomIsBoundedAndPanStaysOverTheVenue() {
    var view = Viewport.fitting(box, columns: 80, rows: 20)
    let coarsest = view.scale * 2
    for _ in 0..<50 { view.zoom(by: 1.5, coarsest: coarsest) }
    #expect(view.scale == Viewport.finest)
    for _ in 0..<50 { view.zoom(by: 1 / 1.5, coarsest: coarsest) }
    #expect(view.scale == coarsest)
    for _ in 0..<100 {
      view.pan(dx: 0.125, dy: 0.125)
      view.clamp(to: box)
    }
    #expect(view.center == box.max)  // the venue's corner stays in the middle of the screen
  }
}
