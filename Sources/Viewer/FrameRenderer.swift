import EventStream
import FingerpostCore
import FloorPlans
import Foundation

/// Lays out and draws one frame: the title bar with the floor picker on the top row, the map in
/// the middle (the largest area), the place card in a map corner away from the fix, two status
/// rows at the bottom, and the help overlay when open.
public struct FrameRenderer {
  /// Rows above and below the map.
  public static let topRows = 1
  public static let bottomRows = 2

  /// The map area of a terminal of `columns` × `rows`.
  public static func mapSize(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
    (max(columns, 1), max(rows - topRows - bottomRows, 1))
  }

  /// The cached floor plan layer and what it was drawn for.
  private var cached: (key: LayerKey, layer: FloorPlanLayer)?

  private struct LayerKey: Equatable {
    var floor: FloorID
    var viewport: Viewport
    var labels: Bool
  }

  /// A renderer with nothing cached.
  public init() {}

  /// The frame of `state` on a screen of `columns` × `rows`.
  public mutating func render(_ state: ViewerState, columns: Int, rows: Int) -> ScreenBuffer {
    var screen = ScreenBuffer(columns: columns, rows: rows)
    let floor = state.shownFloor
    let key = LayerKey(
      floor: floor, viewport: state.viewport, labels: state.layers.contains(.labels))
    if cached?.key != key {
      cached = (
        key,
        FloorPlanLayer(
          plan: state.plans[floor], markers: state.places.markers[floor.index],
          viewport: state.viewport, labelled: key.labels)
      )
    }
    let map = cached!.layer
    map.paint(into: &screen, top: Self.topRows)
    let live = LiveLayer(state: state)
    live.paint(into: &screen, over: map, top: Self.topRows)
    drawTitle(state, into: &screen)
    drawStatus(state, into: &screen)
    drawCard(state, avoiding: live.fixCell, into: &screen)
    if state.showingHelp { drawHelp(into: &screen) }
    return screen
  }

  /// Title and floor picker: `G 1 2` with the shown level in brackets and highlighted, the fix's
  /// level marked with `*`.
  private func drawTitle(_ state: ViewerState, into screen: inout ScreenBuffer) {
    screen.fill(columns: 0..<screen.columns, rows: 0..<1, style: Palette.bar)
    let shown = state.plans[state.shownFloor]
    let title = " fingerpost view · \(state.venueName) · \(shown.name)"
    // One entry per ordinal, by short name unless two ordinals share one (buildings that name
    // their floors differently): then by ordinal.
    let ordinals = Array(Set(state.plans.plans.map(\.ordinal))).sorted()
    let names = ordinals.map { o in
      state.plans.plans.first { $0.ordinal == o }.map {
        $0.shortName.isEmpty ? String(o) : $0.shortName
      }
        ?? String(o)
    }
    let labels = Set(names).count == names.count ? names : ordinals.map(String.init)
    var entries: [(text: String, style: Style)] = []
    for (ordinal, name) in zip(ordinals, labels) {
      let isShown = ordinal == shown.ordinal
      let isFix = state.latestFix?.ordinal == ordinal
      let text = (isShown ? "[" : " ") + name + (isFix ? "*" : "") + (isShown ? "]" : " ")
      entries.append((text, isShown ? Palette.shownLevel : isFix ? Palette.fixLevel : Palette.bar))
    }
    let pickerWidth = entries.reduce(0) { $0 + $1.text.count } + 8
    screen.write(title, at: 0, 0, style: Palette.bar, limit: screen.columns - pickerWidth - 1)
    var column = screen.columns - pickerWidth + 1
    column = screen.write("levels ", at: column, 0, style: Palette.bar)
    for entry in entries { column = screen.write(entry.text, at: column, 0, style: entry.style) }
  }

  /// Two status rows: the fix (time, rate, level, speed, heading, accuracy, live error and p75),
  /// then the input (lines, bad lines, pause, end of input) and the key hint.
  private func drawStatus(_ state: ViewerState, into screen: inout ScreenBuffer) {
    let first = screen.rows - 2
    screen.fill(columns: 0..<screen.columns, rows: first..<screen.rows, style: Palette.bar)
    var fixText: String
    if let fix = state.latestFix {
      var level = state.floor(of: fix).map { state.plans[$0].shortName } ?? "?"
      if let floor = state.floor(of: fix), state.plans[floor].ordinal != fix.ordinal {
        level = "\(level) (ordinal \(fix.ordinal), not mapped)"
      }
      fixText = " t \(format(fix.t, 1)) s  \(state.fixRate.map { format($0, 1) } ?? "–") fix/s"
      fixText += "  level \(level)"
      if let s = fix.speed { fixText += "  \(format(s, 2)) m/s" }
      if let c = fix.course { fixText += " \(Int(c.rounded()))°" }
      fixText += "  ±\(format(fix.accuracy, 1)) m"
      if let e = state.latestError { fixText += "  error \(format(e, 2))" }
      if let p = state.errorP75 { fixText += "  p75 \(format(p, 2)) m" }
      if let truth = state.latestTruth, truth.ordinal != fix.ordinal {
        fixText += "  truth on \(truth.ordinal)"
      }
    } else {
      fixText = " waiting for fixes…"
    }
    screen.write(fixText, at: 0, first, style: Palette.bar)
    var input = (state.pinnedFloor != nil ? " pinned" : state.following ? " following" : " free")
    input += "  lines \(state.lineCount)"
    screen.write(input, at: 0, first + 1, style: Palette.bar)
    var column = input.count
    if state.badLines > 0 {
      let bad = "  bad \(state.badLines)" + (state.lastProblem.map { " (\($0))" } ?? "")
      column = screen.write(bad, at: column, first + 1, style: Palette.warning)
    }
    input = ""
    if state.paused { input += "  PAUSED, \(state.buffered.count) waiting" }
    if state.streamless {
      input += "  no stream: pipe one in"
    } else if state.ended {
      input += "  end of input"
    }
    let hidden = ViewerAction.Layer.allCases.filter { !state.layers.contains($0) }
    if !hidden.isEmpty { input += "  hidden: " + hidden.map(\.rawValue).joined(separator: ",") }
    column = screen.write(input, at: column, first + 1, style: Palette.bar)
    let hint = "? help  q quit "
    if column + hint.count + 2 <= screen.columns {
      screen.write(hint, at: screen.columns - hint.count, first + 1, style: Palette.bar)
    }
  }

  /// The place card of the fix's unit in the first map corner that leaves the fix visible.
  private func drawCard(
    _ state: ViewerState, avoiding fix: (column: Int, row: Int)?, into screen: inout ScreenBuffer
  ) {
    guard let latest = state.latestFix else { return }
    var lines: [String]
    if let id = latest.unitID {
      let unit = state.plans.unitRef(id: id).map { state.plans.unit($0) }
      lines = [latest.unitName ?? unit?.label ?? "unit", unit.map { "  \($0.category)" } ?? ""]
      if let who = state.places.occupants[id], !who.isEmpty {
        lines.append("  " + who.joined(separator: ", "))
      }
      if let what = state.places.amenities[id], !what.isEmpty {
        lines.append("  has " + what.joined(separator: ", "))
      }
    } else {
      lines = ["unknown", "  no unit: the fix is spread", "  too thin or outside"]
    }
    let mapRows = screen.rows - Self.topRows - Self.bottomRows
    let width = min(max(lines.map(\.count).max()! + 3, 16), max(screen.columns / 3, 16))
    let height = lines.count + 2
    guard width + 2 < screen.columns, height + 1 < mapRows else { return }
    let corners = [
      (screen.columns - width - 1, 0), (1, 0), (screen.columns - width - 1, mapRows - height),
      (1, mapRows - height),
    ]
    let (left, top) =
      corners.first { c in
        guard let fix else { return true }
        return
          !(fix.column >= c.0 - 1 && fix.column <= c.0 + width && fix.row >= c.1 - 1
          && fix.row <= c.1 + height)
      } ?? corners[0]
    drawBox(
      lines, left: left, top: Self.topRows + top, width: width, into: &screen,
      titleStyle: Palette.cardTitle)
  }

  /// A bordered box of `lines` with its top-left corner at (`left`, `top`).
  private func drawBox(
    _ lines: [String], left: Int, top: Int, width: Int, into screen: inout ScreenBuffer,
    titleStyle: Style
  ) {
    let inner = width - 2
    screen.write(
      "┌" + String(repeating: "─", count: inner) + "┐", at: left, top, style: Palette.card)
    for (k, line) in lines.enumerated() {
      let row = top + 1 + k
      screen.fill(columns: left..<(left + width), rows: row..<(row + 1), style: Palette.card)
      screen.write("│", at: left, row, style: Palette.card)
      screen.write(
        " " + line, at: left + 1, row, style: k == 0 ? titleStyle : Palette.card,
        limit: left + width - 1)
      screen.write("│", at: left + width - 1, row, style: Palette.card)
    }
    screen.write(
      "└" + String(repeating: "─", count: inner) + "┘", at: left, top + lines.count + 1,
      style: Palette.card)
  }

  /// The key list, centred.
  private func drawHelp(into screen: inout ScreenBuffer) {
    let lines = ["keys"] + ViewerAction.helpLines + ["any key closes this"]
    let width = lines.map(\.count).max()! + 4
    let left = max((screen.columns - width) / 2, 0)
    let top = max((screen.rows - lines.count - 2) / 2, 0)
    drawBox(lines, left: left, top: top, width: width, into: &screen, titleStyle: Palette.card)
  }
}

/// `value` with `digits` decimals.
func format(_ value: Double, _ digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}
