import FingerpostCore
import FloorPlans
import Geometry
import Randomness

/// Simulates the scans one device records in a world: fading, device, walk and scan offsets,
/// each AP's slow fading for the walk, missed readings and stale entries carried over from its
/// previous scan. Not `Sendable`: it owns a generator.
public final class ScanSimulator {
  /// The world scanned.
  public let world: World
  /// The scanning device.
  public let device: Device
  private let generator: RandomGenerator
  /// The previous scan's RSSI per access point index (NaN: not reported).
  private var previous: [Double]
  private var current: [Double]
  /// Each AP's slow fading for the current walk, dB (empty when the model has none).
  private var walkFading: [Double] = []
  /// The offset every reading of the current walk shares, dB (0 when the model has none).
  private var walkOffset = 0.0

  /// Creates a simulator for `device` drawing its noise from `generator`.
  public init(world: World, device: Device, generator: RandomGenerator) {
    self.world = world
    self.device = device
    self.generator = generator
    previous = Array(repeating: .nan, count: world.accessPoints.count)
    current = previous
    drawWalk()
  }

  /// Starts another walk with this device: nothing carried over from the last scan, and each
  /// AP's slow fading and the walk's offset drawn afresh.
  public func startWalk() {
    reset()
    drawWalk()
  }

  /// Draws each AP's slow fading and the offset of a walk (each only when the model has it,
  /// so that worlds without them scan as they always did).
  private func drawWalk() {
    let model = world.model
    if model.walkFadingSigma > 0 {
      walkFading = world.accessPoints.indices.map { _ in
        generator.gaussian(sigma: model.walkFadingSigma)
      }
    }
    if model.walkOffsetSigma > 0 { walkOffset = generator.gaussian(sigma: model.walkOffsetSigma) }
  }

  /// One scan at `point` on `floor` at `time` seconds (the floor's fields are computed on its
  /// first scan).
  public func scan(at point: Point, floor: FloorID, time: Double) throws(RandomnessError) -> Scan {
    let model = world.model
    let stale = device.staleShare ?? model.staleShare
    let fading = model.fadingSigma
    let sensitivity = model.sensitivity - device.sensitivityShift
    // One offset for every reading of this scan (drawn only when the model has one, so that
    // worlds without it scan as they always did).
    let offset =
      device.offset + walkOffset
      + (model.scanOffsetSigma > 0 ? generator.gaussian(sigma: model.scanOffsetSigma) : 0)
    var readings: [Reading] = []
    readings.reserveCapacity(32)
    for i in current.indices { current[i] = .nan }
    let audible = try world.audible(on: floor)
    // The fields of a floor plan share its grid: where the point lies on it, once.
    var grid = audible.first?.field.grid
    var position = grid.map { $0.position(of: point) } ?? (0, 0)
    // By index: a copy of each `Audible` would retain and release its field's values.
    for k in audible.indices {
      let a = audible[k].accessPoint
      let ap = world.accessPoints[a]
      // A stale entry repeats what the previous scan reported for this AP.
      let old = previous[a]
      if !old.isNaN, generator.uniform() < stale {
        readings.append(Reading(bssid: ap.bssid, rssi: old, frequency: ap.frequency))
        current[a] = old
        continue
      }
      if audible[k].field.grid != grid {
        grid = audible[k].field.grid
        position = audible[k].field.grid.position(of: point)
      }
      guard let field = audible[k].field.value(atGridPosition: position) else { continue }
      let mean = field + offset + (walkFading.isEmpty ? 0 : walkFading[a])
      guard mean > sensitivity - 4 * fading else { continue }
      let rssi = (mean + generator.gaussian(sigma: fading)).rounded()
      guard rssi >= sensitivity, rssi < 0 else { continue }
      guard generator.uniform() < model.detectionProbability(rssi + device.sensitivityShift) else {
        continue
      }
      readings.append(Reading(bssid: ap.bssid, rssi: rssi, frequency: ap.frequency))
      current[a] = rssi
    }
    swap(&previous, &current)
    readings.sort { $0.rssi > $1.rssi }
    return Scan(time: time, device: device.name, readings: readings)
  }

  /// Forgets the previous scan (e.g. after a long pause), so that no entry is stale.
  public func reset() {
    for i in previous.indices { previous[i] = .nan }
  }
}
