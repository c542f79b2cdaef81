import FloorPlans
import Geometry

/// The static map of one floor plan in a viewport: unit fills and patterns, walls, doors,
/// amenity glyphs and unit labels. Drawn again only when the plan, viewport or toggles change.
public struct FloorPlanLayer: Sendable {
  /// Background colour per map cell (nil for none).
  var fills: [UInt8?]
  /// Pattern dots per map cell and their colour.
  var patterns: BrailleCanvas
  var patternColors: [UInt8]
  /// Walls and the level outline.
  var walls: BrailleCanvas
  /// Doors, dotted.
  var doors: BrailleCanvas
  /// Glyphs and labels over the map: (column, row, text, style).
  var labels: [(column: Int, row: Int, text: String, style: Style)] = []
  let columns: Int
  let rows: Int

  /// Draws `plan` (with `markers` for amenities) into `viewport`; labels when `labelled`.
  public init(
    plan: FloorPlan, markers: [PlaceDirectory.Marker], viewport: Viewport, labelled: Bool
  ) {
    columns = viewport.columns
    rows = viewport.rows
    fills = Array(repeating: nil, count: columns * rows)
    patternColors = Array(repeating: 0, count: columns * rows)
    patterns = BrailleCanvas(columns: columns, rows: rows)
    walls = BrailleCanvas(columns: columns, rows: rows)
    doors = BrailleCanvas(columns: columns, rows: rows)
    let appearance = plan.units.map { UnitAppearance(category: $0.category) }
    // Fills and patterns: the unit under the middle of each cell.
    for row in 0..<rows {
      for column in 0..<columns {
        let p = viewport.point(dotX: column * 2 + 1, dotY: row * 4 + 2)
        guard let u = plan.unitIndex(at: p) else { continue }
        let look = appearance[u]
        fills[row * columns + column] = look.fill
        patternColors[row * columns + column] = look.patternColor
        patterns.set(column: column, row: row, bits: look.pattern)
      }
    }
    let area = viewport.visible.expanded(by: viewport.scale * 4)
    func draw(_ segment: Segment, on canvas: inout BrailleCanvas, every: Int) {
      guard let s = area.clip(segment) else { return }
      let a = viewport.dot(s.a)
      let b = viewport.dot(s.b)
      canvas.line(a.x, a.y, b.x, b.y, every: every)
    }
    for polygon in plan.outline.polygons {
      for edge in polygon.edges { draw(edge, on: &walls, every: 1) }
    }
    for wall in plan.walls { draw(wall, on: &walls, every: 1) }
    for door in plan.doors { draw(door.segment, on: &doors, every: 2) }
    if labelled { placeLabels(plan: plan, markers: markers, viewport: viewport) }
  }

  /// Amenity glyphs first, then unit names, largest units first, each only where it fits inside
  /// its unit at this zoom and overlaps nothing placed before: more appear as the view zooms in.
  private mutating func placeLabels(
    plan: FloorPlan, markers: [PlaceDirectory.Marker], viewport: Viewport
  ) {
    var taken = Array(repeating: false, count: columns * rows)
    func free(_ column: Int, _ row: Int, _ width: Int) -> Bool {
      guard row >= 0, row < rows, column >= 0, column + width <= columns else { return false }
      return (column..<(column + width)).allSatisfy { !taken[row * columns + $0] }
    }
    func take(_ column: Int, _ row: Int, _ width: Int) {
      for c in max(column - 1, 0)..<min(column + width + 1, columns) {
        taken[row * columns + c] = true
      }
    }
    for marker in markers {
      let cell = viewport.cell(marker.point)
      guard free(cell.column, cell.row, 1) else { continue }
      take(cell.column, cell.row, 1)
      labels.append((cell.column, cell.row, String(Glyph.of(marker.category)), Palette.amenity))
    }
    let named = plan.units.filter {
      $0.name != nil && UnitAppearance(category: $0.category) != .structure
    }
    .sorted { ($0.area, $0.id) > ($1.area, $1.id) }
    for unit in named {
      guard let name = unit.name, let box = unit.shape.bounds else { continue }
      let widthInCells = Int(box.width / (viewport.scale * 2))
      let heightInCells = Int(box.height / (viewport.scale * 4))
      guard name.count + 1 <= widthInCells, heightInCells >= 1 else { continue }
      let anchor = viewport.cell(unit.anchorPoint)
      let start = anchor.column - name.count / 2
      guard free(start, anchor.row, name.count) else { continue }
      take(start, anchor.row, name.count)
      labels.append((start, anchor.row, name, Palette.label))
    }
  }

  /// Paints the layer into `screen` with the map's top-left cell at row `top`.
  public func paint(into screen: inout ScreenBuffer, top: Int) {
    for row in 0..<rows {
      for column in 0..<columns {
        let i = row * columns + column
        let background = fills[i]
        var cell = ScreenCell.blank
        cell.style = Style(background: background)
        if let c = walls.character(column, row) {
          cell = ScreenCell(character: c, style: Palette.wall.on(background))
        } else if let c = doors.character(column, row) {
          cell = ScreenCell(character: c, style: Palette.door.on(background))
        } else if let c = patterns.character(column, row) {
          cell = ScreenCell(
            character: c, style: Style(foreground: patternColors[i], background: background))
        }
        screen[column, top + row] = cell
      }
    }
    for label in labels {
      for (k, character) in label.text.enumerated() {
        let column = label.column + k
        let background = fills[label.row * columns + min(column, columns - 1)]
        screen[column, top + label.row] = ScreenCell(
          character: character, style: label.style.on(background))
      }
    }
  }

  /// The wall and door dots of a cell, to merge live dots with.
  func bits(_ column: Int, _ row: Int) -> UInt8 {
    walls.cellBits(column, row) | doors.cellBits(column, row)
  }
}
