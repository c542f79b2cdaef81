import CGSL

extension RandomGenerator {
  /// A uniform draw in [0, 1).
  @inline(__always)
  public func uniform() -> Double {
    gsl_rng_uniform(rng)
  }

  /// A uniform draw in (0, 1), never exactly zero (for logarithms).
  @inline(__always)
  public func uniformPositive() -> Double {
    gsl_rng_uniform_pos(rng)
  }

  /// A uniform draw in `lower ..< upper`.
  @inline(__always)
  public func uniform(_ lower: Double, _ upper: Double) -> Double {
    gsl_ran_flat(rng, lower, upper)
  }

  /// A uniform double in `range` (as `uniform(lower, upper)`).
  public func uniform(in range: ClosedRange<Double>) -> Double {
    uniform(range.lowerBound, range.upperBound)
  }

  /// A uniform integer in `0 ..< count`; throws when `count` is zero or beyond the generator.
  public func uniformInt(below count: Int) throws(RandomnessError) -> Int {
    guard count > 0 else { throw .invalidParameter(name: "count", value: Double(count)) }
    let value = gsl_rng_uniform_int(rng, UInt(count))
    try RandomnessError.checkGSL()
    return Int(value)
  }

  /// A Gaussian draw with mean 0 and standard deviation `sigma` (ziggurat method).
  @inline(__always)
  public func gaussian(sigma: Double) -> Double {
    gsl_ran_gaussian_ziggurat(rng, sigma)
  }

  /// A Gaussian draw with the given mean and standard deviation (ziggurat method).
  @inline(__always)
  public func gaussian(mean: Double, sigma: Double) -> Double {
    mean + gsl_ran_gaussian_ziggurat(rng, sigma)
  }

  /// An exponential draw with the given mean (> 0).
  public func exponential(mean: Double) throws(RandomnessError) -> Double {
    guard mean > 0, mean.isFinite else { throw .invalidParameter(name: "mean", value: mean) }
    return gsl_ran_exponential(rng, mean)
  }

  /// A Bernoulli trial that is `true` with probability `p` in [0, 1].
  public func bernoulli(_ p: Double) throws(RandomnessError) -> Bool {
    guard p >= 0, p <= 1 else { throw .invalidParameter(name: "p", value: p) }
    return gsl_ran_bernoulli(rng, p) == 1
  }

  /// A Poisson draw with the given mean (≥ 0).
  public func poisson(mean: Double) throws(RandomnessError) -> Int {
    guard mean >= 0, mean.isFinite else { throw .invalidParameter(name: "mean", value: mean) }
    return Int(gsl_ran_poisson(rng, mean))
  }
}
