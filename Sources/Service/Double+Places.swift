extension Double {
  /// The value rounded to `places` decimal places, for the JSON answers (0.01 m is plenty for a
  /// position, 1e-7 degrees about a centimetre).
  func rounded(places: Int) -> Double {
    let scale: Double = [1, 10, 100, 1_000, 10_000, 100_000, 1e6, 1e7][places]
    return (self * scale).rounded() / scale
  }
}
