import CGSL

extension RandomGenerator {
  /// The generator's whole state, as bytes (GSL's state of this algorithm, in this machine's
  /// layout): `restore(state:)` continues the same sequence from it.
  public var state: [UInt8] {
    let size = gsl_rng_size(rng)
    guard size > 0, let bytes = gsl_rng_state(rng) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: size))
  }

  /// Continues from `state`, as `state` read it from a generator of the same kind. Refused,
  /// with nothing changed, when its size is not this algorithm's or it holds an index GSL would
  /// read outside its tables; only algorithms whose states can be checked so take one
  /// (`GeneratorKind.restorable`).
  public func restore(state: [UInt8]) throws(RandomnessError) {
    let size = gsl_rng_size(rng)
    guard state.count == size, let bytes = gsl_rng_state(rng) else {
      throw .invalidParameter(name: "state bytes of \(name)", value: Double(state.count))
    }
    guard kind.restorable else {
      throw .invalidParameter(name: "a restored state of \(name) (unchecked)", value: 0)
    }
    if kind == .mt19937 {
      // `struct { unsigned long mt[624]; int mti; }`: GSL reads mt[mti] when mti < 624.
      let offset = 624 * MemoryLayout<CUnsignedLong>.size
      guard offset + 4 <= size else {
        throw .invalidParameter(name: "state bytes of \(name)", value: Double(state.count))
      }
      let index = state.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
      guard (0...624).contains(index) else {
        throw .invalidParameter(name: "the word index of a \(name) state", value: Double(index))
      }
    }
    state.withUnsafeBytes { bytes.copyMemory(from: $0.baseAddress!, byteCount: size) }
  }
}

extension GeneratorKind {
  /// Whether `RandomGenerator.restore(state:)` takes a state of this algorithm: Mersenne Twister
  /// (its word index is checked) and Tausworthe (three words, no index). The RANLUX and GFSR
  /// states hold indices into tables and luxury counts this build does not check, so they are
  /// refused rather than trusted.
  public var restorable: Bool { self == .mt19937 || self == .taus2 }
}
