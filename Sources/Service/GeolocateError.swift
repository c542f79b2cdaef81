/// An error of the geolocation API, answered with Google's error body as ichnaea does:
/// `{"error": {"errors": [{"domain", "reason", "message"}], "code", "message"}}`.
public struct GeolocateError: Error, Sendable, Hashable {
  /// The HTTP status code.
  public var code: Int
  /// Google's error domain (`global`, `usageLimits`, `geolocation`).
  public var domain: String
  /// Google's reason (`parseError`, `keyInvalid`, `dailyLimitExceeded`, `notFound` …).
  public var reason: String
  /// What went wrong, for people.
  public var message: String
  /// The status the indoor endpoints (`/fp/v1`) answer instead of `code`, when they differ
  /// from Google's API: 401 for a key that is missing, unknown or revoked, 403 for one that may
  /// not do this (Google's API and ichnaea answer both with 400 `keyInvalid`).
  public var indoorCode: Int?
  /// Seconds the client should wait before trying again (`Retry-After`), for a 429.
  public var retryAfter: Int?

  /// Creates an error.
  public init(code: Int, domain: String, reason: String, message: String) {
    self.code = code
    self.domain = domain
    self.reason = reason
    self.message = message
  }

  /// 400: the body is not a geolocate request; `detail` says what failed.
  public static func parseError(_ detail: String) -> Self {
    Self(code: 400, domain: "global", reason: "parseError", message: "Parse Error: \(detail)")
  }

  /// 400 (401 on the indoor endpoints): the key is missing, unknown or revoked.
  public static func keyInvalid(_ detail: String) -> Self {
    var error = Self(
      code: 400, domain: "usageLimits", reason: "keyInvalid",
      message: "Missing or invalid API key: \(detail)")
    error.indoorCode = 401
    return error
  }

  /// 400 (403 on the indoor endpoints): the key is valid but may not do this.
  public static func keyNotAllowed(_ detail: String) -> Self {
    var error = keyInvalid(detail)
    error.indoorCode = 403
    return error
  }

  /// The error as the indoor endpoints answer it (`indoorCode`).
  public var indoor: Self {
    var error = self
    if let indoorCode {
      error.code = indoorCode
      error.indoorCode = nil
    }
    return error
  }

  /// 403: the key may not do this (write another venue's data).
  public static func forbidden(_ detail: String) -> Self {
    Self(code: 403, domain: "usageLimits", reason: "forbidden", message: "Forbidden: \(detail)")
  }

  /// 403: the key has used its requests for the day (UTC).
  public static let dailyLimitExceeded = Self(
    code: 403, domain: "usageLimits", reason: "dailyLimitExceeded",
    message: "You have exceeded your daily limit.")

  /// 429: the client's address sent too many unknown or revoked keys; it may try again in
  /// `retryAfter` seconds.
  public static func tooManyFailedKeys(retryAfter seconds: Int) -> Self {
    var error = Self(
      code: 429, domain: "usageLimits", reason: "tooManyFailedKeys",
      message: "Too many invalid API keys from this address: try again in \(seconds) s")
    error.retryAfter = seconds
    return error
  }

  /// 404: nothing the request holds is known.
  public static let notFound = Self(
    code: 404, domain: "geolocation", reason: "notFound", message: "Not found")

  /// 503: the store could not be read or written; `detail` says which.
  public static func serviceUnavailable(_ detail: String) -> Self {
    Self(
      code: 503, domain: "global", reason: "serviceUnavailable",
      message: "Service Unavailable: \(detail)")
  }

  /// 405: another method than the endpoint's.
  public static func methodNotAllowed(_ allowed: String) -> Self {
    Self(
      code: 405, domain: "global", reason: "methodNotAllowed",
      message: "Method not allowed: use \(allowed)")
  }

  /// 413: the body is larger than the service accepts.
  public static func tooLarge(_ limit: Int) -> Self {
    Self(
      code: 413, domain: "global", reason: "requestTooLarge",
      message: "Request body larger than \(limit) bytes")
  }

  /// 413: the body holds more JSON values than the service parses.
  public static func tooManyValues(_ limit: Int) -> Self {
    Self(
      code: 413, domain: "global", reason: "requestTooLarge",
      message: "Request body holds more than \(limit) JSON values")
  }

  /// The error body.
  public var body: Body {
    Body(
      error: .init(
        errors: [.init(domain: domain, reason: reason, message: message)], code: code,
        message: message))
  }

  /// Google's error body.
  public struct Body: Codable, Sendable, Hashable {
    /// The error.
    public var error: Detail

    /// The error's fields.
    public struct Detail: Codable, Sendable, Hashable {
      /// One entry per error (always one here).
      public var errors: [Entry]
      /// The HTTP status code.
      public var code: Int
      /// What went wrong.
      public var message: String
    }

    /// One error entry.
    public struct Entry: Codable, Sendable, Hashable {
      /// The error domain.
      public var domain: String
      /// The reason.
      public var reason: String
      /// What went wrong.
      public var message: String
    }
  }
}

extension GeolocateError {
  /// 404: no venue `id`.
  static func notFound(venue id: String) -> GeolocateError {
    GeolocateError(code: 404, domain: "global", reason: "notFound", message: "no venue \(id)")
  }
}
