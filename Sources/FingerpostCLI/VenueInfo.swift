import ArgumentParser
import FloorPlans
import IMDF

/// `fingerpost venue info PATH`: what a venue holds.
struct VenueInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract:
      "Summarise a venue: buildings, levels, units, openings, amenities, connectors, extent.")

  @OptionGroup var venue: VenuePathArgument

  func run() throws {
    print(try render())
  }

  /// The summary text.
  func render() throws -> String {
    let loaded = try venue.load()
    return VenueSummary(venue: loaded, plans: FloorPlanSet(venue: loaded)).text
  }
}
