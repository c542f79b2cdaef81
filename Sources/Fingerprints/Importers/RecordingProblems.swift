import FingerpostCore

/// What reading a phone's sensor recording (one record a line, each with its type and time)
/// finds wrong, kept as the formats' readers (`ILCPathFile`, `IPINLogFile`) report it: each
/// bad line named and skipped, the first time a type's clock goes back (its records are then
/// sorted), and each unknown type once, with its first line and count.
struct RecordingProblems<Time: Comparable & Sendable>: Sendable {
  /// The file, as named in problems.
  let file: String
  /// The problems so far, unknown types not yet among them (`finished` adds them).
  private(set) var list: [SurveyProblem] = []
  private var unknown: [String: (line: Int, count: Int)] = [:]
  private var lastTime: [String: (t: Time, line: Int)] = [:]
  private var unordered: Set<String> = []

  /// Collects the problems of `file`.
  init(file: String) { self.file = file }

  /// Line `line` does not parse: it is skipped, and `message` says why.
  mutating func bad(_ line: Int, _ message: String) {
    list.append(
      SurveyProblem(file: file, line: line, message: message + "; line skipped", skippedLine: true))
  }

  /// Line `line` is of a type the format does not know (counted, reported once).
  mutating func unknownType(_ name: String, line: Int) {
    unknown[name, default: (line, 0)].count += 1
  }

  /// Line `line`, of `type`, has time `t`: the first time a type's clock goes back is reported.
  mutating func time(_ t: Time, of type: String, line: Int) {
    if let last = lastTime[type], t < last.t, !unordered.contains(type) {
      unordered.insert(type)
      list.append(
        SurveyProblem(
          file: file, line: line,
          message: "\(type) time \(t) is before the \(last.t) of line \(last.line); "
            + "its records are sorted by time", skippedLine: false))
    }
    lastTime[type] = (t, line)
  }

  /// Every problem, the unknown types last in the order of their first line.
  func finished() -> [SurveyProblem] {
    list
      + unknown.sorted { $0.value.line < $1.value.line }.map { name, seen in
        SurveyProblem(
          file: file, line: seen.line,
          message: "unknown record type \(name.isEmpty ? "(none)" : name.prefix(40)) "
            + "(\(seen.count) line\(seen.count == 1 ? "" : "s")); ignored", skippedLine: true)
      }
  }
}
