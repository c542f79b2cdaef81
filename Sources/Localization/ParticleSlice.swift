/// The state a step changes, for a contiguous range of particles: moved to a worker and back.
struct ParticleSlice: Sendable {
  var x: [Double]
  var y: [Double]
  var plan: [Int32]
  var headingBias: [Double]
  var scale: [Double]
  var logWeight: [Double]
  var climb: [Int8]
  var transit: [Float]
}

extension ParticleSlice {
  /// A slice of no particles.
  static let empty = ParticleSlice(
    x: [], y: [], plan: [], headingBias: [], scale: [], logWeight: [], climb: [], transit: [])
}
