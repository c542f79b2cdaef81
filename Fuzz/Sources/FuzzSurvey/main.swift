import Fingerprints
import Foundation

/// A survey file (NDJSON): bad lines become problems naming their line, the rest is read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSurvey(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let survey = SurveyFile.parse(Data(bytes: start, count: count), file: "fuzz.ndjson")
  for problem in survey.problems { precondition(problem.line >= 1, "a problem names its line") }
  return 0
}
