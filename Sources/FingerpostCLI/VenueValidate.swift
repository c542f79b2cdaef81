import ArgumentParser
import FloorPlans
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
    let (text, valid) = try render()
    print(text)
    if !valid { throw ExitCode(1) }
  }

  /// The report text (or JSON) and whether the venue has no error.
  func render() throws -> (text: String, valid: Bool) {
    let loaded = try venue.load()
    // With what Fingerpost derives where the venue draws nothing (open walkways, doors).
    var report = FloorPlanSet(venue: loaded).report(validating: loaded)
    if errorsOnly { report.findings.removeAll { $0.severity != .error } }
    return (json ? try report.json() : report.text, report.isValid)
  }
}
