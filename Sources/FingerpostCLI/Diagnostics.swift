import Foundation
import Logging

/// The tool's diagnostics (timings, cache use) through swift-log, to standard error, at the
/// level `FINGERPOST_LOG_LEVEL` names (trace, debug, info, notice, warning — the default — error,
/// critical). What the tool says to its user is printed, not logged.
enum Diagnostics {
  static func bootstrap() {
    let name = ProcessInfo.processInfo.environment["FINGERPOST_LOG_LEVEL"] ?? "warning"
    let level = Logger.Level(rawValue: name.lowercased()) ?? .warning
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
  }
}
