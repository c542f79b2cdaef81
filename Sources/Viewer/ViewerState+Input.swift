import EventStream
import FingerpostCore
import Foundation
import Geometry

extension ViewerState {
  /// Takes one line of the stream: held while paused, else read.
  public mutating func receive(line: String) {
    if paused {
      buffered.append(line)
    } else {
      read(line)
    }
  }

  /// Reads one line: a record is applied, a bad line counted (never fatal).
  mutating func read(_ line: String) {
    lineCount += 1
    guard line.contains(where: { !$0.isWhitespace }) else { return }
    do {
      apply(try StreamDecoder.record(Substring(line), line: lineCount))
    } catch {
      badLines += 1
      lastProblem = error.description
    }
  }

  /// Applies a record: fixes, truth and particles are shown; steps, scans, pressures and scores are not
  /// drawn and only counted as lines.
  public mutating func apply(_ record: StreamRecord) {
    switch record {
    case .meta(let m): meta = m
    case .truth(let t): truths.append(t)
    case .particles(let p): particles = p
    case .fix(let fix): add(fix)
    case .step, .scan, .pressure, .score: break
    }
  }

  private mutating func add(_ fix: Fix) {
    guard let floor = floor(of: fix) else {
      badLines += 1
      lastProblem = "fix at t \(fix.t) on ordinal \(fix.ordinal): no such level in the venue"
      return
    }
    fixes.append(fix)
    fixFloors.append(floor)
    if let truth = truth(at: fix.t) { errors.append(fix.position.distance(to: truth.position)) }
    if following, pinnedFloor == nil { keepInView(fix.position) }
  }

  /// Recentres the view on `p` when it has left the middle 60 % of the map (never while the
  /// whole venue is in view).
  mutating func keepInView(_ p: Point) {
    let visible = viewport.visible
    if visible.contains(bounds.min), visible.contains(bounds.max) { return }
    let marginX = visible.width * 0.2
    let marginY = visible.height * 0.2
    if p.x < visible.min.x + marginX || p.x > visible.max.x - marginX
      || p.y < visible.min.y + marginY || p.y > visible.max.y - marginY
    {
      viewport.center = p
      viewport.clamp(to: bounds)
    }
  }

  /// Does what a key asked.
  public mutating func perform(_ action: ViewerAction) {
    if showingHelp, action != .quit, action != .help {
      showingHelp = false  // any key closes the overlay
      if action == .dismiss { return }
    }
    switch action {
    case .pan(let dx, let dy):
      following = false
      viewport.pan(dx: dx, dy: dy)
      viewport.clamp(to: bounds)
    case .zoom(let factor):
      viewport.zoom(by: factor, coarsest: coarsestScale)
      if following, let fix = latestFix { viewport.center = fix.position }
      viewport.clamp(to: bounds)
    case .follow:
      following = true
      pinnedFloor = nil
      if let fix = latestFix { viewport.center = fix.position }
      viewport.clamp(to: bounds)
    case .fit:
      following = false
      viewport = .fitting(bounds, columns: viewport.columns, rows: viewport.rows)
    case .stepLevel(let direction):
      let order = plans.floors.sorted { (plans[$0].ordinal, $0) < (plans[$1].ordinal, $1) }
      if let here = order.firstIndex(of: shownFloor) {
        pinnedFloor = order[min(max(here + direction, 0), order.count - 1)]
      }
    case .level(let ordinal):
      if let floor = plans.floors(atOrdinal: ordinal).first { pinnedFloor = floor }
    case .toggle(let layer):
      if layers.contains(layer) { layers.remove(layer) } else { layers.insert(layer) }
    case .pause:
      paused.toggle()
      if !paused {
        let waiting = buffered
        buffered = []
        for line in waiting { read(line) }
      }
    case .help: showingHelp.toggle()
    case .dismiss: break
    case .quit: quitting = true
    }
  }

  /// Fits the map area to a new terminal size, keeping the centre and scale.
  public mutating func resize(columns: Int, rows: Int) {
    viewport.columns = columns
    viewport.rows = rows
  }
}
