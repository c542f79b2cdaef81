import ArgumentParser
import IMDF

/// `fingerpost venue validate PATH`: one line per finding, a summary, non-zero exit on error.
struct VenueValidate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check a venue against IMDF 1.0; exits 1 when there is an error.",
    discussion: "Each finding is printed as: error|warning|info  file:feature-id  message")

  @OptionGroup var venue: VenuePathArgument

  @Flag(help: "Print the report as JSON.")
  var json = false

  @Flag(help: "Print only errors and the summary.")
  var errorsOnly = false

  func run() throws {
    var report = VenueValidator.validate(try venue.load())
    if errorsOnly { report.findings.removeAll { $0.severity != .error } }
    print(json ? try report.json() : report.text)
    if !report.isValid { throw ExitCode(1) }
  }
}
