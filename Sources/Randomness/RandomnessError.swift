import CGSL

/// An error from GSL or from a distribution parameter outside its domain.
public enum RandomnessError: Error, Equatable, CustomStringConvertible {
  /// GSL reported an error: its `gsl_errno` code and reason.
  case gsl(code: Int32, reason: String)
  /// A distribution parameter is outside its domain (name, value).
  case invalidParameter(name: String, value: Double)

  public var description: String {
    switch self {
    case .gsl(let code, let reason):
      "GSL error \(code) (\(String(cString: gsl_strerror(code)))): \(reason)"
    case .invalidParameter(let name, let value):
      "invalid distribution parameter \(name) = \(value)"
    }
  }

  /// Throws the GSL error recorded since the last check, if any.
  static func checkGSL() throws(RandomnessError) {
    let code = cgsl_take_errno()
    guard code != 0 else { return }
    let reason = cgsl_last_error_reason().map { String(cString: $0) } ?? "unknown"
    throw .gsl(code: code, reason: reason)
  }

  /// Installs the recording error handler once per process, replacing GSL's abort.
  static let handlerInstalled: Bool = {
    cgsl_install_error_handler()
    return true
  }()
}
