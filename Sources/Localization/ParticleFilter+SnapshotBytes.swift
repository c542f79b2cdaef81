import FingerpostCore
import Foundation
import Geometry

extension ParticleFilter.Snapshot {
  /// The format's first bytes and version.
  static let magic: UInt32 = 0x5353_5046  // "FPSS", little-endian
  static let version: UInt16 = 2
  /// The versions this build reads (1 has no floor anchor).
  static let readable: ClosedRange<UInt16> = 1...2
  /// Bytes each particle takes: six doubles (x, y, heading bias, scale, offset, log-weight), its
  /// plan (4), climb (1), transit and floor base (4 each).
  static let bytesPerParticle = 6 * 8 + 4 + 1 + 4 + 4

  /// The snapshot as bytes (`init(bytes:file:)` reads them back, every double to the bit).
  public var bytes: Data {
    var w = BinaryWriter()
    w.integer(Self.magic)
    w.integer(Self.version)
    let cloud = particles
    w.integer(UInt32(cloud.count))
    for value in cloud.x { w.double(value) }
    for value in cloud.y { w.double(value) }
    for value in cloud.plan { w.integer(value) }
    for value in cloud.headingBias { w.double(value) }
    for value in cloud.scale { w.double(value) }
    for value in cloud.offset { w.double(value) }
    for value in cloud.climb { w.integer(value) }
    for value in cloud.transit { w.integer(value.bitPattern) }
    for value in cloud.floorBase { w.integer(value.bitPattern) }
    for value in cloud.logWeight { w.double(value) }
    w.double(lastTime)
    w.double(still)
    w.bool(steppedSinceScan)
    w.bool(initialized)
    w.optional(fastLikelihood)
    w.optional(slowLikelihood)
    w.integer(UInt32(previousReadings.count))
    for (bssid, rssi) in previousReadings.sorted(by: { $0.key < $1.key }) {
      w.string(bssid)
      w.double(rssi)
    }
    w.double(lastFloorCheck)
    unitState.write(to: &w)
    w.bool(previousFix != nil)
    if let fix = previousFix {
      w.double(fix.t)
      w.integer(Int32(fix.plan))
      w.double(fix.position.x)
      w.double(fix.position.y)
    }
    w.double(offsetEstimate.mean)
    w.double(offsetEstimate.variance)
    w.integer(UInt32(recentSteps.count))
    for step in recentSteps {
      w.double(step.t)
      w.double(step.length)
      w.double(step.heading)
      w.optional(step.speed)
    }
    w.double(stillUntil)
    w.integer(Int64(trappedSteps))
    w.bool(barometer != nil)
    if let barometer {
      w.double(barometer.first)
      w.double(barometer.current)
      w.double(barometer.time)
      w.bool(barometer.anchor != nil)
      if let anchor = barometer.anchor {
        w.integer(Int32(anchor.plan))
        w.double(anchor.height)
        w.double(anchor.time)
      }
    }
    w.byteArray(generator)
    return w.data
  }

  /// Reads a snapshot's `bytes`, named `file` in errors; damaged or truncated bytes are a
  /// `malformed` error (whether it fits a filter is `ParticleFilter.restore`'s check).
  public init(bytes: Data, file: String) throws(FingerpostError) {
    var r = BinaryReader(bytes, file: file)
    guard try r.integer(UInt32.self) == Self.magic else {
      throw r.error("not a Fingerpost session snapshot")
    }
    let version = try r.integer(UInt16.self)
    guard Self.readable.contains(version) else {
      throw FingerpostError(
        .unsupportedVersion, file: file,
        "snapshot version \(version); this build reads \(Self.readable.lowerBound)-\(Self.readable.upperBound)"
      )
    }
    let n = try r.count(of: Self.bytesPerParticle)
    func doubles() throws(FingerpostError) -> [Double] {
      var values: [Double] = []
      values.reserveCapacity(n)
      for _ in 0..<n { values.append(try r.double()) }
      return values
    }
    func floats() throws(FingerpostError) -> [Float] {
      var values: [Float] = []
      values.reserveCapacity(n)
      for _ in 0..<n { values.append(Float(bitPattern: try r.integer(UInt32.self))) }
      return values
    }
    var cloud = ParticleCloud()
    cloud.x = try doubles()
    cloud.y = try doubles()
    for _ in 0..<n { cloud.plan.append(try r.integer(Int32.self)) }
    cloud.headingBias = try doubles()
    cloud.scale = try doubles()
    cloud.offset = try doubles()
    for _ in 0..<n { cloud.climb.append(try r.integer(Int8.self)) }
    cloud.transit = try floats()
    cloud.floorBase = try floats()
    cloud.logWeight = try doubles()
    particles = cloud
    lastTime = try r.double()
    still = try r.double()
    steppedSinceScan = try r.bool()
    initialized = try r.bool()
    fastLikelihood = try r.optional()
    slowLikelihood = try r.optional()
    var readings: [String: Double] = [:]
    for _ in 0..<(try r.count(of: 12)) { readings[try r.string()] = try r.double() }
    previousReadings = readings
    lastFloorCheck = try r.double()
    unitState = try UnitHysteresis.Held(from: &r)
    previousFix =
      try r.bool()
      ? (
        t: try r.double(), plan: Int(try r.integer(Int32.self)),
        position: Point(x: try r.double(), y: try r.double())
      ) : nil
    offsetEstimate = (try r.double(), try r.double())
    var steps: [Step] = []
    for _ in 0..<(try r.count(of: 25)) {
      var step = Step(t: try r.double(), length: try r.double(), heading: try r.double())
      step.speed = try r.optional()
      steps.append(step)
    }
    recentSteps = steps
    stillUntil = try r.double()
    let trapped = try r.integer(Int64.self)
    guard trapped >= 0, trapped <= Int64(Int32.max) else {
      throw r.error("a step count is damaged")
    }
    trappedSteps = Int(trapped)
    if try r.bool() {
      var track = BarometerTrack(
        first: try r.double(), current: try r.double(), time: try r.double())
      if version >= 2, try r.bool() {
        track.anchor = FloorAnchor(
          plan: Int(try r.integer(Int32.self)), height: try r.double(), time: try r.double())
      }
      barometer = track
    } else {
      barometer = nil
    }
    generator = try r.byteArray()
    guard r.isAtEnd else { throw r.error("bytes after the snapshot's end") }
  }
}
