import ArgumentParser
import Foundation
import VenueGeneration

/// `fingerpost venue generate NAME -o DIR`: write a synthetic sample venue as IMDF.
struct VenueGenerate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic sample venue (office, mall or convention) as an IMDF folder.")

  @Argument(
    help: "Which venue: \(SampleVenue.allCases.map(\.rawValue).joined(separator: ", ")), or all.")
  var name: String

  @Option(
    name: .shortAndLong, help: "Output folder (with 'all': the parent of one folder per venue).")
  var output: String

  func run() throws {
    let venues: [(SampleVenue, URL)]
    let base = URL(fileURLWithPath: output)
    if name == "all" {
      venues = SampleVenue.allCases.map { ($0, base.appendingPathComponent($0.rawValue)) }
    } else if let venue = SampleVenue(rawValue: name) {
      venues = [(venue, base)]
    } else {
      throw ValidationError(
        "unknown venue '\(name)'; choose \(SampleVenue.allCases.map(\.rawValue).joined(separator: ", ")) or all"
      )
    }
    for (venue, folder) in venues {
      try venue.write(to: folder)
      print("wrote \(venue.rawValue) venue to \(folder.path)")
    }
  }
}
