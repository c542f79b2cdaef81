import FingerpostCore
import Foundation

/// A progress bar on standard error: redrawn in place on a terminal, a line per step otherwise.
final class ProgressBar: Sendable {
  /// The command it reports for, e.g. `suite`.
  let command: String
  /// Steps in all.
  let total: Int
  /// What a step is, plural, e.g. `scenarios`.
  let unit: String
  let terminal = isatty(STDERR_FILENO) != 0

  /// A bar for `total` steps of `unit` (drawn at once, empty).
  init(command: String, total: Int, unit: String) {
    self.command = command
    self.total = total
    self.unit = unit
    draw(0, "")
  }

  /// Shows `count` steps done, the last one `name`.
  func draw(_ count: Int, _ name: String) {
    let width = 30
    let filled = total > 0 ? width * count / total : width
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    let text = "\(command) [\(bar)] \(count)/\(total) \(unit) \(name)"
    if terminal {
      printError("\r\u{1B}[K" + text, terminator: "")
    } else if count > 0 {
      printError(text)
    }
  }

  /// Ends the bar's line on a terminal.
  func finish() {
    if terminal { printError("") }
  }
}
