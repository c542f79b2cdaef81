import FingerpostCore

extension ServiceConfiguration {
  /// The seconds a statement of the database may take unless told otherwise: 3.
  public static let defaultDatabaseTimeout = 3.0

  /// The longest statement deadline accepted, seconds (an hour: a longer one is a typo, and
  /// a request would wait that long while the database is down).
  public static let longestDatabaseTimeout = 3600.0

  /// Throws unless `seconds` is a usable statement deadline: over 0 and at most
  /// `longestDatabaseTimeout` (NaN and infinity are not).
  public static func checkDatabaseTimeout(_ seconds: Double) throws {
    guard seconds > 0, seconds <= longestDatabaseTimeout else {
      throw FingerpostError(
        .invalidValue, field: "database-timeout",
        "\(seconds) seconds: a statement deadline must be over 0 and at most "
          + "\(Int(longestDatabaseTimeout)) seconds")
    }
  }
}
