/// The particles of a filter as a value: one array per state variable (structure of arrays, for
/// tight loops), index `i` of every array being particle `i`. `Sendable`, so a contiguous part
/// of the cloud can be moved to a worker and back.
struct ParticleCloud: Sendable {
  /// East coordinate in the floor plan's frame, metres.
  var x: [Double] = []
  /// North coordinate in the floor plan's frame, metres.
  var y: [Double] = []
  /// The floor plan each particle is on (`FloorID.index`).
  var plan: [Int32] = []
  /// Heading bias of the particle's walker, degrees.
  var headingBias: [Double] = []
  /// Step-length scale of the particle's walker (1 = the steps' own length).
  var scale: [Double] = []
  /// RSSI offset of the particle's device, dB.
  var offset: [Double] = []
  /// The way each particle last changed floor while still in that connector (+1 up, −1 down,
  /// 0 none): people on a staircase keep going the same way.
  var climb: [Int8] = []
  /// Steps each particle still has to walk in a stair, ramp or escalator before it reaches the
  /// next floor (NaN when not in one).
  var transit: [Float] = []
  /// The floor the particle would be on had the walker not climbed since the barometer's start:
  /// its ordinal minus the barometer's height change over the floor height, fixed at its birth
  /// (NaN until the barometer sets it). A particle on a floor the barometer disagrees with
  /// drifts away from it (`ParticleFilter+Barometer`).
  var floorBase: [Float] = []
  /// Unnormalized log-weight (−∞ for a dead particle).
  var logWeight: [Double] = []

  /// The number of particles.
  var count: Int { x.count }

  /// Whether the cloud holds no particle.
  var isEmpty: Bool { x.isEmpty }

  /// Reserves room for `n` particles in every array.
  mutating func reserveCapacity(_ n: Int) {
    x.reserveCapacity(n)
    y.reserveCapacity(n)
    plan.reserveCapacity(n)
    headingBias.reserveCapacity(n)
    scale.reserveCapacity(n)
    offset.reserveCapacity(n)
    climb.reserveCapacity(n)
    transit.reserveCapacity(n)
    floorBase.reserveCapacity(n)
    logWeight.reserveCapacity(n)
  }

  /// Adds a particle of weight 1 (log-weight 0) outside any connector.
  mutating func append(
    x: Double, y: Double, plan: Int32, headingBias: Double, scale: Double, offset: Double
  ) {
    self.x.append(x)
    self.y.append(y)
    self.plan.append(plan)
    self.headingBias.append(headingBias)
    self.scale.append(scale)
    self.offset.append(offset)
    climb.append(0)
    transit.append(.nan)
    floorBase.append(.nan)
    logWeight.append(0)
  }

  /// A copy of the particles in `range`.
  subscript(range: Range<Int>) -> ParticleCloud {
    ParticleCloud(
      x: Array(x[range]), y: Array(y[range]), plan: Array(plan[range]),
      headingBias: Array(headingBias[range]), scale: Array(scale[range]),
      offset: Array(offset[range]), climb: Array(climb[range]), transit: Array(transit[range]),
      floorBase: Array(floorBase[range]), logWeight: Array(logWeight[range]))
  }

  /// Writes `part` over the particles in `range` (the same number of particles).
  mutating func replaceSubrange(_ range: Range<Int>, with part: ParticleCloud) {
    x.replaceSubrange(range, with: part.x)
    y.replaceSubrange(range, with: part.y)
    plan.replaceSubrange(range, with: part.plan)
    headingBias.replaceSubrange(range, with: part.headingBias)
    scale.replaceSubrange(range, with: part.scale)
    offset.replaceSubrange(range, with: part.offset)
    climb.replaceSubrange(range, with: part.climb)
    transit.replaceSubrange(range, with: part.transit)
    floorBase.replaceSubrange(range, with: part.floorBase)
    logWeight.replaceSubrange(range, with: part.logWeight)
  }

  /// The particles at `indices` (repeats allowed), each with log-weight 0: a resampled cloud.
  func resampled(at indices: [Int]) -> ParticleCloud {
    var next = ParticleCloud()
    next.reserveCapacity(indices.count)
    for j in indices {
      next.x.append(x[j])
      next.y.append(y[j])
      next.plan.append(plan[j])
      next.headingBias.append(headingBias[j])
      next.scale.append(scale[j])
      next.offset.append(offset[j])
      next.climb.append(climb[j])
      next.transit.append(transit[j])
      next.floorBase.append(floorBase[j])
    }
    next.logWeight = Array(repeating: 0, count: indices.count)
    return next
  }
}
