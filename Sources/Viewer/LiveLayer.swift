import EventStream
import FingerpostCore
import Geometry

/// The moving parts drawn over the floor plan: the particle cloud, the fading trail, the
/// accuracy circle, the truth with its error line, and the fix glyph on top.
struct LiveLayer {
  /// Braille dots of one kind and the style they are drawn in.
  struct Dots {
    var canvas: BrailleCanvas
    var style: Style
  }

  /// Dot layers, bottom first.
  var dots: [Dots] = []
  /// Glyphs on top: (column, row, character, style).
  var glyphs: [(column: Int, row: Int, character: Character, style: Style)] = []
  /// The cell of the fix, when it is on the map: the card must not cover it.
  var fixCell: (column: Int, row: Int)?

  /// The live layers of `state` on its shown plan.
  init(state: ViewerState) {
    let viewport = state.viewport
    let floor = state.shownFloor
    let ordinal = state.plans[floor].ordinal
    let (columns, rows) = (viewport.columns, viewport.rows)
    func canvas() -> BrailleCanvas { BrailleCanvas(columns: columns, rows: rows) }
    let layers = state.layers

    if layers.contains(.particles), let cloud = state.particles {
      var c = canvas()
      for p in cloud.points where p.ordinal == ordinal {
        let d = viewport.dot(Point(x: p.x, y: p.y))
        c.set(d.x, d.y)
      }
      dots.append(Dots(canvas: c, style: Palette.particles))
    }
    if layers.contains(.trail) {
      // Three age bands, newest brightest; only segments on the shown plan.
      let first = max(state.fixes.count - state.trailLength, 0)
      var bands = Array(repeating: canvas(), count: Palette.trail.count)
      if first + 1 < state.fixes.count {
        for i in (first + 1)..<state.fixes.count
        where state.fixFloors[i] == floor && state.fixFloors[i - 1] == floor {
          let a = viewport.dot(state.fixes[i - 1].position)
          let b = viewport.dot(state.fixes[i].position)
          let age = state.fixes.count - 1 - i
          let band = min(age * bands.count / max(state.trailLength, 1), bands.count - 1)
          bands[band].line(a.x, a.y, b.x, b.y)
        }
      }
      for (k, band) in bands.enumerated().reversed() {
        dots.append(Dots(canvas: band, style: Palette.trail[k]))
      }
    }
    let fix = state.latestFix.flatMap { state.fixFloors.last == floor ? $0 : nil }
    if let fix, layers.contains(.accuracy) {
      var c = canvas()
      let d = viewport.dot(fix.position)
      let radius = Int((fix.accuracy / viewport.scale).rounded())
      if radius >= 2, radius < 4 * (columns + rows) { c.circle(d.x, d.y, radius: radius) }
      dots.append(Dots(canvas: c, style: Palette.accuracy))
    }
    if layers.contains(.truth), let truth = state.latestTruth, truth.ordinal == ordinal {
      let t = viewport.cell(truth.position)
      if let fix {
        var c = canvas()
        let a = viewport.dot(fix.position)
        let b = viewport.dot(truth.position)
        c.line(a.x, a.y, b.x, b.y, every: 2)
        dots.append(Dots(canvas: c, style: Palette.truth))
      }
      glyphs.append((t.column, t.row, "+", Palette.truth))
    }
    if let fix {
      let f = viewport.cell(fix.position)
      glyphs.append((f.column, f.row, "@", Palette.fix))
      if f.column >= 0, f.row >= 0, f.column < columns, f.row < rows { fixCell = f }
    }
  }

  /// Paints the layers over `map` into `screen`, the map's top row at `top`: live dots merge
  /// with the wall dots of their cell and take the cell's colour.
  func paint(into screen: inout ScreenBuffer, over map: FloorPlanLayer, top: Int) {
    for layer in dots {
      for row in 0..<layer.canvas.rows {
        for column in 0..<layer.canvas.columns {
          let bits = layer.canvas.cellBits(column, row)
          guard bits != 0 else { continue }
          var cell = screen[column, top + row]
          cell.character = BrailleCanvas.character(bits: bits | map.bits(column, row))
          cell.style = layer.style.on(cell.style.background)
          screen[column, top + row] = cell
        }
      }
    }
    for glyph in glyphs where glyph.row >= 0 && glyph.row < map.rows {
      guard glyph.column >= 0, glyph.column < map.columns else { continue }
      let background = screen[glyph.column, top + glyph.row].style.background
      screen[glyph.column, top + glyph.row] = ScreenCell(
        character: glyph.character, style: glyph.style.on(background))
    }
  }
}
