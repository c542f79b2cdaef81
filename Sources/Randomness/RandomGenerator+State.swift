import CGSL

extension RandomGenerator {
  /// The generator's state as bytes (GSL's state of its algorithm): a generator of the same kind
  /// given them with `restore(state:)` continues the same sequence.
  public var state: [UInt8] {
    let size = gsl_rng_size(rng)
    guard size > 0, let bytes = gsl_rng_state(rng) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: size))
  }

  /// Continues from `state`, as `state` read it from a generator of the same kind; refused
  /// when its size is not this algorithm's.
  public func restore(state: [UInt8]) throws(RandomnessError) {
    let size = gsl_rng_size(rng)
    guard state.count == size, let bytes = gsl_rng_state(rng) else {
      throw .invalidParameter(name: "state bytes of \(name)", value: Double(state.count))
    }
    state.withUnsafeBytes { bytes.copyMemory(from: $0.baseAddress!, byteCount: size) }
  }
}
