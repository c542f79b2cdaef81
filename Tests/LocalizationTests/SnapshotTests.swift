import FingerpostCore
import FloorPlans
import Geometry
import Randomness
import Testing

@testable import Localization

/// A filter's snapshot holds everything the filter changes as it runs, and restoring it gives a
/// filter in the same state: a field added to the filter and forgotten in the snapshot, its
/// restore or its bytes fails here, before a reopened session drifts from the one it continues.
@Suite struct SnapshotTests {
  /// The filter's stored properties that are fixed when it is made (venue, map, settings and
  /// what is derived from them) or are scratch space rebuilt at every scan.
  static let fixedFields: Set<String> = [
    "plans", "map", "settings", "rng", "mapLevel", "planOfLevel", "planOrdinal", "motion",
    "freeFloors", "hasFreeFloors", "locator", "scores", "field", "unitLogWeight",
  ]

  static func filter(seed: UInt64) throws -> ParticleFilter {
    var settings = ParticleFilterSettings()
    settings.particles = 200
    return ParticleFilter(
      plans: OfficeRadio.plans, map: OfficeRadio.map, settings: settings,
      generator: try RandomGenerator(seed: seed), start: nil)
  }

  /// A filter that has scanned, walked, stood and read the barometer, so every part of its
  /// state has left its initial value.
  static func walked() throws -> ParticleFilter {
    let pf = try filter(seed: 5)
    let kitchen = OfficeRadio.unit("Kitchen", ordinal: 0)
    pf.pressure(Pressure(t: 0, hPa: 1013.2))
    pf.scan(OfficeRadio.scan(at: kitchen.anchor, plan: kitchen.plan, time: 0.5, offset: -4))
    for k in 1...12 {
      pf.step(Step(t: 0.5 + Double(k) * 0.55, length: 0.7, heading: 90))
      if k % 4 == 0 {
        let at = Point(x: kitchen.anchor.x + 0.7 * Double(k), y: kitchen.anchor.y)
        pf.scan(OfficeRadio.scan(at: at, plan: kitchen.plan, time: 0.5 + Double(k) * 0.55))
        pf.pressure(Pressure(t: 0.5 + Double(k) * 0.55, hPa: 1013.2 - 0.01 * Double(k)))
      }
    }
    pf.advance(to: 12)
    _ = pf.fix(at: 12)
    return pf
  }

  /// A value's description with its nested fields, dictionaries in key order (two equal
  /// dictionaries may iterate in different orders).
  static func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return String(describing: value) }
    var parts = mirror.children.map { child in
      "\(child.label ?? ""): \(describe(child.value))"
    }
    if mirror.displayStyle == .dictionary { parts.sort() }
    return "(" + parts.joined(separator: ", ") + ")"
  }

  static func fields(of value: Any) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: value).children.map {
        ($0.label ?? "", describe($0.value))
      })
  }

  /// The fields whose values differ between two snapshots.
  static func differing(_ a: ParticleFilter.Snapshot, _ b: ParticleFilter.Snapshot) -> [String] {
    let (x, y) = (fields(of: a), fields(of: b))
    return Set(x.keys).union(y.keys).filter { x[$0] != y[$0] }.sorted()
  }

  @Test func everyFieldTheFilterChangesIsInItsSnapshot() throws {
    let pf = try Self.walked()
    let filterFields = Set(Mirror(reflecting: pf).children.compactMap(\.label))
    let snapshotFields = Set(Mirror(reflecting: pf.snapshot()).children.compactMap(\.label))
    #expect(filterFields.subtracting(Self.fixedFields) == snapshotFields.subtracting(["generator"]))
    #expect(Self.fixedFields.isSubset(of: filterFields))
  }

  @Test func aRestoredFilterHoldsTheStateItWasGiven() throws {
    let original = try Self.walked().snapshot()
    let fresh = try Self.filter(seed: 99)
    // The fresh filter starts elsewhere in every field the walk changed.
    let changed = Self.differing(fresh.snapshot(), original)
    #expect(
      Set(changed).isSuperset(of: [
        "particles", "lastTime", "initialized", "fastLikelihood", "previousReadings",
        "unitState", "previousFix", "offsetEstimate", "barometer", "generator",
      ]))
    try fresh.restore(original)
    #expect(Self.differing(fresh.snapshot(), original) == [])
  }

  @Test func aSnapshotReadFromItsBytesHoldsEveryField() throws {
    let original = try Self.walked().snapshot()
    let read = try ParticleFilter.Snapshot(bytes: original.bytes, file: "walked.fpss")
    #expect(Self.differing(read, original) == [])
  }

  @Test func aVersionOneSnapshotHasNoFloorAnchor() throws {
    // Version 1 ends its barometer with the time; version 2 adds the floor anchor's flag there.
    var snapshot = try Self.walked().snapshot()
    #expect(snapshot.barometer?.anchor != nil)
    snapshot.barometer?.anchor = nil
    var bytes = snapshot.bytes
    // The anchor's flag (one byte, false) sits just before the generator (a 4-byte count and
    // its bytes) at the end; the version after the 4-byte magic.
    bytes.remove(at: bytes.count - 4 - snapshot.generator.count - 1)
    bytes.replaceSubrange(4..<6, with: [1, 0])
    let read = try ParticleFilter.Snapshot(bytes: bytes, file: "old.fpss")
    #expect(Self.differing(read, snapshot) == [])
    bytes.replaceSubrange(4..<6, with: [3, 0])
    #expect(throws: FingerpostError.self) {
      try ParticleFilter.Snapshot(bytes: bytes, file: "new.fpss")
    }
  }

  /// Values a filter never holds, each of which would trap or run away later (a position of
  /// 1e300 m traps converting to a map cell: found by FuzzSnapshot).
  @Test(arguments: ["far", "scale", "offset", "estimate", "clock", "reading", "step", "anchor"])
  func aSnapshotHoldingImpossibleValuesIsRefusedChangingNothing(_ damage: String) throws {
    var snapshot = try Self.walked().snapshot()
    switch damage {
    case "far": snapshot.particles.x[3] = 1e300
    case "scale": snapshot.particles.scale[0] = 1e300
    case "offset": snapshot.particles.offset[0] = -1e300
    case "estimate": snapshot.offsetEstimate.variance = -1
    case "clock": snapshot.lastTime = .nan
    case "step": snapshot.recentSteps = [Step(t: 11, length: 1e300, heading: 0)]
    case "anchor": snapshot.barometer?.anchor?.plan = 99
    default: snapshot.previousReadings["aa:00:00:00:00:01"] = .infinity
    }
    let fresh = try Self.filter(seed: 99)
    let before = fresh.snapshot()
    #expect(throws: FingerpostError.self) { try fresh.restore(snapshot) }
    #expect(Self.differing(fresh.snapshot(), before) == [])
  }
}
