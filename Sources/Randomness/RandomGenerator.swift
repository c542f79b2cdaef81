import CGSL

/// A seeded GSL random number generator; not `Sendable`: give each task its own via `split`.
///
/// The same kind and seed always produce the same sequence, on every machine.
public final class RandomGenerator {
  /// The generator algorithm.
  public let kind: GeneratorKind
  /// The seed this generator started from.
  public let seed: UInt64
  let rng: UnsafeMutablePointer<gsl_rng>

  /// Creates a generator of the given kind, seeded explicitly.
  public init(kind: GeneratorKind = .default, seed: UInt64) throws(RandomnessError) {
    _ = RandomnessError.handlerInstalled
    guard let rng = gsl_rng_alloc(kind.gslType) else {
      try RandomnessError.checkGSL()
      throw .gsl(code: Int32(GSL_ENOMEM), reason: "gsl_rng_alloc returned NULL")
    }
    self.kind = kind
    self.seed = seed
    self.rng = rng
    gsl_rng_set(rng, UInt(truncatingIfNeeded: seed))
  }

  deinit {
    gsl_rng_free(rng)
  }

  /// The GSL name of the algorithm, e.g. `mt19937`.
  public var name: String { String(cString: gsl_rng_name(rng)) }

  /// The next raw integer from the generator, in `min...max` of the algorithm.
  public func next() -> UInt {
    gsl_rng_get(rng)
  }

  /// A generator for parallel stream `stream`, independent of this one and of other streams.
  ///
  /// The child's seed mixes this generator's seed with the stream number (SplitMix64), so the
  /// same parent seed and stream always give the same child, whatever was drawn before.
  public func split(stream: Int) throws(RandomnessError) -> RandomGenerator {
    let mixed = SplitMix64.mix(
      seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: stream + 1))
    return try RandomGenerator(kind: kind, seed: mixed)
  }
}

/// SplitMix64's finalizer: a bijective 64-bit mixer used to derive stream seeds.
enum SplitMix64 {
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
