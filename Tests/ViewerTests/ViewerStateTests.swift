import EventStream
import Testing
import Viewer

@Suite struct ViewerStateTests {
  @Test func fixesTruthAndTheRunningErrorPercentile() {
    var state = Fixtures.state()
    state.receive(line: #"{"type":"meta","schema":1,"venue":"office","generator":"test"}"#)
    for k in 0..<4 {
      let t = Double(k)
      state.receive(line: Fixtures.truthLine(t: t, x: -20 + t, y: -16))
      state.receive(line: Fixtures.fixLine(t: t + 0.5, x: -20 + t + Double(k), y: -16))
    }
    #expect(state.fixes.count == 4 && state.truths.count == 4)
    #expect(state.errors == [0, 1, 2, 3])  // each fix against the truth at or before it
    #expect(abs(state.errorP75! - 2.25) < 1e-9)
    #expect(state.latestError == 3)
    #expect(abs(state.fixRate! - 1) < 1e-9)
    #expect(state.meta?.venue == "office")
    #expect(state.plans[state.shownFloor].ordinal == 0)
  }

  @Test func badLinesAreCountedNeverFatalAndOtherRecordsIgnored() {
    var state = Fixtures.state()
    state.receive(line: "not json")
    state.receive(line: #"{"type":"fix","t":1}"#)
    state.receive(line: #"{"type":"step","t":1,"length":0.7,"heading":3}"#)
    state.receive(line: "")
    state.receive(line: Fixtures.fixLine(t: 3, x: -25, y: -16))
    #expect(state.lineCount == 5)
    #expect(state.badLines == 2)
    #expect(state.fixes.count == 1)
    #expect(state.lastProblem != nil)
  }

  @Test func aFixOnAFloorTheVenueDoesNotMapIsShownOnTheNearest() {
    // The barometer can name a floor the venue lacks (a basement below the ground floor): the
    // fix has that ordinal and no level, and is drawn on the nearest mapped floor.
    var state = Fixtures.state()
    state.receive(line: Fixtures.fixLine(t: 2, x: -25, y: -16, ordinal: -2))
    state.receive(line: Fixtures.fixLine(t: 3, x: -25, y: -16, ordinal: 7))
    #expect(state.badLines == 0)
    #expect(state.fixes.count == 2)
    #expect(state.fixFloors.map { state.plans[$0].ordinal } == [0, 2])
  }

  @Test func pausedInputIsBufferedAndShownOnResume() {
    var state = Fixtures.state()
    state.perform(.pause)
    state.receive(line: Fixtures.fixLine(t: 1, x: -25, y: -16))
    state.receive(line: Fixtures.fixLine(t: 2, x: -24, y: -16))
    #expect(state.fixes.isEmpty && state.buffered.count == 2)
    state.perform(.pause)
    #expect(state.fixes.count == 2 && state.buffered.isEmpty)
  }

  @Test func theViewFollowsTheFixLevelUntilALevelIsPinned() {
    var state = Fixtures.state()
    state.receive(line: Fixtures.fixLine(t: 1, x: -25, y: -16, ordinal: 1))
    #expect(state.plans[state.shownFloor].ordinal == 1)
    state.perform(.stepLevel(1))
    #expect(state.plans[state.shownFloor].ordinal == 2)
    state.receive(line: Fixtures.fixLine(t: 2, x: -25, y: -16, ordinal: 0))
    #expect(state.plans[state.shownFloor].ordinal == 2)  // pinned
    state.perform(.level(ordinal: 0))
    #expect(state.plans[state.shownFloor].ordinal == 0)
    state.perform(.stepLevel(-1))  // already the lowest
    #expect(state.plans[state.shownFloor].ordinal == 0)
    state.perform(.level(ordinal: 1))
    state.perform(.follow)
    #expect(state.pinnedFloor == nil && state.plans[state.shownFloor].ordinal == 0)
  }

  @Test func zoomedInTheViewKeepsTheFixOnScreen() {
    var state = Fixtures.state()
    for _ in 0..<4 { state.perform(.zoom(1.5)) }
    for k in 0..<40 {
      let x = -28 + Double(k) * 1.4
      state.receive(line: Fixtures.fixLine(t: Double(k), x: x, y: -7.5))
      #expect(state.viewport.visible.contains(.init(x: x, y: -7.5)))
    }
  }

  @Test func helpTogglesAndAnyKeyClosesIt() {
    var state = Fixtures.state()
    state.perform(.help)
    #expect(state.showingHelp)
    state.perform(.dismiss)
    #expect(!state.showingHelp)
    state.perform(.help)
    state.perform(.toggle(.trail))  // closes the overlay and still toggles
    #expect(!state.showingHelp && !state.layers.contains(.trail))
    state.perform(.quit)
    #expect(state.quitting)
  }

  @Test func halfLinesFromAPipeBecomeWholeRecords() {
    var state = Fixtures.state()
    var splitter = LineSplitter()
    let text =
      Fixtures.fixLine(t: 1, x: -25, y: -16) + "\n" + Fixtures.fixLine(t: 2, x: -24, y: -16) + "\n"
    let bytes = Array(text.utf8)
    for chunk in stride(from: 0, to: bytes.count, by: 37).map({
      bytes[$0..<min($0 + 37, bytes.count)]
    }) {
      for line in splitter.feed(chunk) { state.receive(line: line) }
    }
    #expect(state.fixes.map(\.t) == [1, 2] && state.badLines == 0)
  }
}
