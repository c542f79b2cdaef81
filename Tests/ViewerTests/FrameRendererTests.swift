import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import Testing
import Viewer

@Suite struct FrameRendererTests {
  /// A walk along the office's ground-floor south corridor (y −10.5…−7.5) with truth beside it.
  func walkedState(columns: Int = 80, rows: Int = 24) -> ViewerState {
    let map = FrameRenderer.mapSize(columns: columns, rows: rows)
    var state = Fixtures.state(columns: map.columns, rows: map.rows)
    for k in 0...12 {
      let t = Double(k)
      state.receive(line: Fixtures.truthLine(t: t, x: -26 + 3 * t, y: -9))
      state.receive(line: Fixtures.fixLine(t: t, x: -26 + 3 * t, y: -9.6 + 0.1 * t, accuracy: 2.5))
    }
    return state
  }

  @Test func aFrameOfTheOfficeMatchesItsSnapshot() throws {
    var renderer = FrameRenderer()
    let frame = renderer.render(walkedState(), columns: 80, rows: 24).text
    let url = Fixtures.snapshotURL("office-frame.txt")
    if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] != nil {
      try (frame + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
    let stored = try String(contentsOf: url, encoding: .utf8)
    #expect(frame + "\n" == stored, "run with UPDATE_SNAPSHOTS=1 to accept a new frame")
  }

  @Test func theFrameHasPickerStatusFixAndCard() {
    var renderer = FrameRenderer()
    let screen = renderer.render(walkedState(), columns: 80, rows: 24)
    #expect(screen.line(0).contains("levels [G*] 1  2"))
    #expect(screen.line(22).hasPrefix(" t 12.0 s  1.0 fix/s  level G  1.20 m/s 90°  ±2.5 m"))
    #expect(screen.line(22).hasSuffix("error 0.60  p75 0.50 m"))
    #expect(screen.line(23).contains("lines 26") && screen.line(23).contains("q quit"))
    #expect(screen.text.filter { $0 == "@" }.count == 1)
    #expect(screen.text.contains("│ South Corridor"))  // the card names the fix's unit
  }

  @Test func theStatusNamesAFloorTheVenueDoesNotMap() {
    var renderer = FrameRenderer()
    var state = walkedState()
    state.receive(line: Fixtures.fixLine(t: 13, x: 12, y: -9, ordinal: -2))
    let screen = renderer.render(state, columns: 80, rows: 24)
    #expect(screen.line(22).contains("level G (ordinal -2, not mapped)"))
  }

  @Test func theCardMovesAwayFromTheFix() {
    var renderer = FrameRenderer()
    for (x, y) in [(28.0, 21.0), (-28.0, 21.0), (28.0, -21.0)] {  // into each corner
      var state = Fixtures.state(columns: 80, rows: 21)
      state.receive(line: Fixtures.fixLine(t: 1, x: x, y: y))
      let screen = renderer.render(state, columns: 80, rows: 24)
      #expect(screen.text.contains("@"), "the fix at (\(x), \(y)) is covered")
    }
  }

  @Test func layersToggleAndColoursCanBeOff() {
    var renderer = FrameRenderer()
    var state = walkedState()
    for _ in 0..<4 { state.perform(.zoom(1.5)) }  // the truth 0.6 m from the fix gets a cell
    let withTruth = renderer.render(state, columns: 80, rows: 24)
    #expect(withTruth.text.contains("+"))
    state.perform(.toggle(.truth))
    let without = renderer.render(state, columns: 80, rows: 24)
    #expect(!without.text.contains("+") && without.line(23).contains("hidden: truth"))
    #expect(withTruth.ansi(colors: true).contains("38;5;"))
    #expect(!withTruth.ansi(colors: false).contains("38;5;"))
  }

  @Test func smallAndLargeTerminalsKeepTheMapTheLargestArea() {
    var renderer = FrameRenderer()
    for (columns, rows) in [(80, 24), (200, 60)] {
      var state = walkedState(columns: columns, rows: rows)
      let screen = renderer.render(state, columns: columns, rows: rows)
      #expect(screen.line(0).contains("levels"))  // one bar row on top …
      #expect(screen.line(rows - 2).hasPrefix(" t 12.0 s"))  // … two at the bottom …
      #expect(screen.line(rows - 1).contains("q quit"))
      // … and every row between is map: the fitted venue's walls reach within a row (the fit's
      // margin) of its top and bottom.
      let braille = { (row: Int) in
        screen.line(row).unicodeScalars.contains { $0.value >= 0x2800 && $0.value <= 0x28FF }
      }
      #expect((braille(1) || braille(2)) && (braille(rows - 3) || braille(rows - 4)))
      #expect(screen.text.contains("@"))
      state.perform(.help)
      #expect(renderer.render(state, columns: columns, rows: rows).text.contains("follow the fix"))
    }
  }

  @Test func labelsAppearAsTheViewZoomsIn() {
    var renderer = FrameRenderer()
    var state = walkedState()
    let count = { (text: String) in text.components(separatedBy: "Room ").count - 1 }
    let before = count(renderer.render(state, columns: 80, rows: 24).text)
    state.perform(.zoom(1.5))
    state.perform(.zoom(1.5))
    let zoomed = renderer.render(state, columns: 80, rows: 24).text
    #expect(before >= 1)
    #expect(count(zoomed) > before)
    state.perform(.toggle(.labels))
    #expect(count(renderer.render(state, columns: 80, rows: 24).text) <= 1)  // the card's only
  }
}

@Suite struct PlaceCardTests {
  @Test func theCardNamesTheOccupantAndAmenitiesOfTheFixUnit() throws {
    let places = PlaceDirectory(venue: Fixtures.officeVenue, plans: Fixtures.office)
    let (unitID, names) = try #require(places.occupants.min { $0.key < $1.key })
    let ref = try #require(Fixtures.office.unitRef(id: unitID))
    let plan = Fixtures.office[ref.floor]
    let anchor = plan.units[ref.unit].anchorPoint
    var state = Fixtures.state(columns: 80, rows: 21)
    state.receive(
      line: Fixtures.fixLine(t: 1, x: anchor.x, y: anchor.y, ordinal: plan.ordinal))
    var renderer = FrameRenderer()
    let text = renderer.render(state, columns: 80, rows: 24).text
    #expect(text.contains(names[0]))
    #expect(text.contains(plan.units[ref.unit].category))
  }

  @Test func aFixWithoutAUnitSaysUnknown() {
    var state = Fixtures.state(columns: 80, rows: 21)
    state.apply(
      .fix(
        Fix(t: 1, position: .zero, ordinal: 0, accuracy: 9)))
    var renderer = FrameRenderer()
    #expect(renderer.render(state, columns: 80, rows: 24).text.contains("│ unknown"))
  }
}

@Suite struct ScreenOutputTests {
  @Test func onlyChangedRowsAreWrittenAgain() {
    var a = ScreenBuffer(columns: 4, rows: 3)
    a.write("abcd", at: 0, 0, style: .plain)
    var b = a
    b.write("x", at: 1, 2, style: .plain)
    let full = b.ansi(colors: false)
    #expect(full.contains("\u{1B}[1;1H") && full.contains("\u{1B}[3;1H"))
    let diff = b.ansi(colors: false, previous: a)
    #expect(!diff.contains("\u{1B}[1;1H") && diff.contains("\u{1B}[3;1H") && diff.contains(" x"))
    #expect(b.ansi(colors: false, previous: b) == "\u{1B}[0m")
    // Another size is drawn whole.
    #expect(b.ansi(colors: false, previous: ScreenBuffer(columns: 5, rows: 3)) == full)
  }
}
