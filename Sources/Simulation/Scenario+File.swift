import ConfigFiles
import FingerpostCore
import Foundation
import Motion
import Radio

extension Scenario {
  /// Reads a scenario; paths are relative to the file; unknown keys are errors naming key and line.
  public init(contentsOf url: URL) throws(FingerpostError) {
    try self.init(yaml: try YAMLMap(contentsOf: url), url: url)
  }

  /// Reads a scenario from `text`, as if it were the file at `url` (paths are relative to it).
  public init(text: String, url: URL) throws(FingerpostError) {
    try self.init(yaml: try YAMLMap(text: text, file: url.path), url: url)
  }

  private init(yaml root: YAMLMap, url: URL) throws(FingerpostError) {
    try root.allowOnly([
      "version", "name", "venue", "world", "radio_map", "walker", "device", "dead_reckoning",
      "barometer", "events", "localizer",
      "seed", "truth_rate",
    ])
    if let version = try root.int("version"), version != 1 {
      throw root.error(
        "version", kind: .unsupportedVersion,
        "unsupported scenario version \(version) (this tool reads 1)")
    }
    let folder = url.deletingLastPathComponent()
    func path(_ map: YAMLMap, _ key: String) throws(FingerpostError) -> URL {
      guard let text = try map.string(key) else { throw map.error(key, "is required") }
      return URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL
    }
    file = url
    venue = try path(root, "venue")
    world = try path(root, "world")
    guard let radio = try root.map("radio_map") else {
      throw root.error("radio_map", kind: .missingField, "is required (survey or map)")
    }
    try radio.allowOnly(["survey", "map", "grid"])
    if radio.contains("map") {
      radioMap = .map(try path(radio, "map"))
    } else if radio.contains("survey") {
      radioMap = .survey(try path(radio, "survey"), grid: try radio.double("grid") ?? 1)
    } else {
      throw radio.error("survey", "give a survey to ingest or a map file")
    }
    guard let walker = try root.map("walker") else {
      throw root.error("walker", kind: .missingField, "is required")
    }
    try walker.allowOnly(["start", "stops", "speed", "pace"])
    guard let startMap = try walker.map("start") else {
      throw walker.error("start", kind: .missingField, "is required")
    }
    start = try Self.place(startMap)
    let speed = try walker.double("speed") ?? 1.3
    stops = []
    for stop in try walker.maps("stops") ?? [] {
      try stop.allowOnly(["unit", "ordinal", "x", "y", "dwell", "speed"])
      stops.append(
        Stop(
          place: try Self.place(stop, extra: ["dwell", "speed"]),
          dwell: try stop.double("dwell") ?? 0,
          speed: try stop.double("speed") ?? speed, line: stop.line(of: "unit")))
    }
    guard !stops.isEmpty else { throw walker.error("stops", "needs at least one stop") }
    pace = TrueWalk.Pace()
    if let p = try walker.map("pace") {
      let keys: [(String, WritableKeyPath<TrueWalk.Pace, Double>)] = [
        ("stairs_per_floor", \.stairsPerFloor), ("escalator_per_floor", \.escalatorPerFloor),
        ("elevator_wait", \.elevatorWait), ("elevator_per_floor", \.elevatorPerFloor),
        ("ramp_per_floor", \.rampPerFloor),
        ("cadence", \.cadence),
      ]
      try p.allowOnly(Set(keys.map(\.0)))
      for (key, keyPath) in keys { if let v = try p.double(key) { pace[keyPath: keyPath] = v } }
    }
    let phone = try PhoneFile(
      device: try root.map("device"), deadReckoning: try root.map("dead_reckoning"))
    device = phone.device
    deviceOffsetGiven = phone.offsetGiven
    deadReckoning = phone.deadReckoning
    if let b = try root.map("barometer") {
      var model = BarometerNoise()
      let keys: [(String, WritableKeyPath<BarometerNoise, Double>, ClosedRange<Double>)] = [
        ("rate", \.rate, 0.1...100), ("storey_height", \.storeyHeight, 1...20),
        ("noise", \.noise, 0...5), ("drift", \.drift, 0...50), ("offset", \.offset, 0...50),
      ]
      try b.allowOnly(Set(keys.map(\.0)))
      for (key, keyPath, range) in keys {
        guard let v = try b.double(key) else { continue }
        guard range.contains(v) else {
          throw b.error(
            key, "must be from \(range.lowerBound) to \(range.upperBound) (got \(v))")
        }
        model[keyPath: keyPath] = v
      }
      barometer = model
    }
    events = try (root.maps("events") ?? []).map(Self.event)
    localizer = LocalizerSettings()
    if let l = try root.map("localizer") {
      try l.allowOnly([
        "particles", "minimum_particles", "known_start", "resample_threshold", "fix_rate",
      ])
      if let n = try l.int("particles") { localizer.particles = n }
      localizer.minimumParticles = try l.int("minimum_particles")
      if let known = try l.bool("known_start") { localizer.knownStart = known }
      if let r = try l.double("resample_threshold") { localizer.resampleThreshold = r }
      if let r = try l.double("fix_rate") { localizer.fixRate = r }
      guard (10...200_000).contains(localizer.particles) else {
        throw l.error("particles", "must be 10…200000")
      }
    }
    seed = try root.int("seed").map { UInt64(bitPattern: Int64($0)) } ?? 1
    truthRate = try root.double("truth_rate") ?? 10
    guard truthRate >= 1, truthRate <= 100 else {
      throw root.error("truth_rate", "must be 1…100 samples a second")
    }
  }

  /// A place: `unit` (name or id, with an optional `ordinal`) or `ordinal` with `x` and `y`.
  static func place(_ m: YAMLMap, extra: Set<String> = []) throws(FingerpostError) -> Place {
    try m.allowOnly(Set(["unit", "ordinal", "x", "y"]).union(extra))
    if let unit = try m.string("unit") { return .unit(unit, ordinal: try m.int("ordinal")) }
    guard let ordinal = try m.int("ordinal"), let x = try m.double("x"), let y = try m.double("y")
    else {
      throw m.error("unit", "a place needs a unit, or an ordinal with x and y")
    }
    return .point(ordinal: ordinal, x: x, y: y)
  }

  static func event(_ m: YAMLMap) throws(FingerpostError) -> Event {
    guard let at = try m.double("at") else {
      throw m.error("at", kind: .missingField, "is required: seconds from the start")
    }
    switch try m.string("type") {
    case "aps_off":
      try m.allowOnly(["at", "type", "share", "bssids"])
      let share = try m.double("share") ?? 0
      guard (0...1).contains(share) else { throw m.error("share", "must be between 0 and 1") }
      return .accessPointsOff(
        at: at, share: share, bssids: (try m.strings("bssids") ?? []).map { $0.lowercased() })
    case "kidnap":
      try m.allowOnly(["at", "type", "to"])
      guard let to = try m.map("to") else {
        throw m.error("to", kind: .missingField, "is required: where the walker is carried")
      }
      return .kidnap(at: at, place: try place(to))
    case "blackout":
      try m.allowOnly(["at", "type", "duration"])
      guard let duration = try m.double("duration"), duration > 0 else {
        throw m.error("duration", "must be above 0")
      }
      return .blackout(at: at, duration: duration)
    case let other:
      throw m.error(
        "type",
        "unknown event \(other.map { "\"\($0)\"" } ?? "(none)"): aps_off, kidnap or blackout")
    }
  }
}
