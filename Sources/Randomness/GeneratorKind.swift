import CGSL

/// A named GSL random number generator algorithm.
public enum GeneratorKind: String, CaseIterable, Sendable, Codable {
  /// Mersenne Twister MT19937, the default: fast, period 2^19937 − 1.
  case mt19937
  /// RANLUX double-precision at luxury level 2: slower, of the highest statistical quality.
  case ranlxd2
  /// RANLUX at luxury 389.
  case ranlux389
  /// L'Ecuyer's maximally equidistributed Tausworthe generator.
  case taus2
  /// Ziff's four-tap generalized feedback shift register.
  case gfsr4
  /// RANLUX single-precision at luxury level 0: the fastest of the RANLUX family.
  case ranlxs0

  /// The default generator algorithm used throughout Fingerpost.
  public static let `default` = GeneratorKind.mt19937

  /// The GSL type descriptor for this algorithm.
  var gslType: UnsafePointer<gsl_rng_type> {
    switch self {
    case .mt19937: cgsl_rng_mt19937()
    case .ranlxd2: cgsl_rng_ranlxd2()
    case .ranlux389: cgsl_rng_ranlux389()
    case .taus2: cgsl_rng_taus2()
    case .gfsr4: cgsl_rng_gfsr4()
    case .ranlxs0: cgsl_rng_ranlxs0()
    }
  }
}
