import ArgumentParser
import FingerpostCore
import FloorPlans
import Foundation
import IMDF
import Workflows

/// `fingerpost venue import --format ilc SITE_DIR -o VENUE_DIR`: floor maps as an IMDF venue.
struct VenueImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import floor maps that are not IMDF (Microsoft ILC 2.0 sites) as an IMDF venue.",
    discussion: """
      ilc: SITE_DIR holds one folder per floor (B1, F1, F2 …) with floor_info.json and \
      geojson_map.json. Each floor becomes a level (B1 = −1, F1 = 0, …) whose outline is the \
      map's floor polygon; each other polygon a unit: a shop a room, a void (zhongkong) open \
      to below, an auxiliary or closed area (fuzhumian, feikaifangquyu) non-public. The \
      outline minus the units is walkway; a shop gets a door on each edge of at least 1.5 m that faces walkway (0.6 of \
      the edge wide, at most 3 m), or on its longest such edge. The venue is drawn in the \
      site's frame, the one `walk import` writes walks in. Prints the validation summary and, \
      per floor with path files, the share of its waypoints that fall in walkable space.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ilc
  }

  @Option(help: "The map format: ilc.")
  var format: Format

  @Argument(help: "The site folder.")
  var site: String

  @Option(name: .shortAndLong, help: "The IMDF venue folder to write.")
  var output: String

  func run() throws {
    let name = Venue.identity(ofArchiveAt: output)
    let imported = try ILCVenueImporter().importSite(site, name: name)
    do {
      try imported.features.write(to: URL(fileURLWithPath: output))
    } catch {
      throw FingerpostError(.unwritable, file: output, "cannot be written (\(error))")
    }
    let venue = try VenueLoader.load(path: output)
    let report = VenueValidator.validate(venue)
    let plans = FloorPlanSet(venue: venue)
    let units = imported.venue.floors.reduce(0) { $0 + $1.units.count }
    print(
      "wrote \(output): \(imported.venue.floors.count) levels, \(units) units, "
        + "\(imported.doors.doors) doors; \(report.summary)")
    if !imported.doors.unitsWithoutDoor.isEmpty {
      print(
        "  \(imported.doors.unitsWithoutDoor.count) shop(s) touch no walkway and got no door: "
          + imported.doors.unitsWithoutDoor.prefix(5).joined(separator: ", "))
    }
    for plan in plans.plans {
      print(
        String(
          format: "  level %@ (ordinal %d): walkable %.0f m², of it walkway %.0f m²",
          plan.name, plan.ordinal, plan.walkableArea, plan.walkwayArea))
    }
    for coverage in try ILCVenueImporter.waypointCoverage(site: site, plans: plans)
    where coverage.waypoints > 0 {
      print(
        String(
          format: "  %@: %d of %d waypoints in walkable space (%.1f %%)", coverage.floor,
          coverage.walkable, coverage.waypoints, 100 * coverage.share))
    }
  }
}
