import FingerpostCore

// Library errors as HTTP answers: the one place where a kind of problem becomes a status.

extension FingerpostError.Kind {
  /// The HTTP status the service answers an error of this kind with: 400 for a request that is
  /// not well formed, 404 for what does not exist, 409 for inputs that do not belong together,
  /// 413 for work too large, 422 for well-formed input that cannot be used, 503 for the
  /// service's own failure to write.
  public var httpStatus: Int {
    switch self {
    case .malformed, .unreadable, .invalidValue, .missingField: 400
    case .notFound: 404
    case .mismatch, .ambiguous: 409
    case .tooLarge: 413
    case .unsupportedVersion, .noData, .unreachable: 422
    case .unwritable: 503
    }
  }
}

extension GeolocateError {
  /// The answer to a library error: its kind's status, the kind as the reason (`invalidValue`,
  /// `mismatch`, …) and its description, which names the place, as the message.
  public init(_ error: FingerpostError) {
    self.init(
      code: error.kind.httpStatus, domain: "global", reason: error.kind.rawValue,
      message: error.description)
  }
}
