import Foundation

/// Writes a line to standard error (progress and warnings stay off standard output).
func printError(_ text: String, terminator: String = "\n") {
  FileHandle.standardError.write(Data((text + terminator).utf8))
}
