import ArgumentParser
import FloorPlans
import IMDF

/// `fingerpost venue info PATH`: what a venue holds.
struct VenueInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Summarise a venue: buildings, levels, units, openings, amenities, connectors, extent.")

  @OptionGroup var venue: VenuePathArgument

  func run() throws {
    let loaded = try venue.load()
    print(VenueSummary(venue: loaded, plans: FloorPlanSet(venue: loaded)).text)
  }
}
