import ConfigFiles
import FloorPlans
import Foundation
import IMDF
import Radio

/// Loads a world file and the venue it names (or `venue`, when given) into a `World`.
func loadWorld(file: String, venue override: String?) throws -> (world: World, venuePath: String) {
  let worldFile: WorldFile
  do {
    worldFile = try WorldFile(contentsOf: URL(fileURLWithPath: file))
  } catch {
    throw CLIError(error.description)
  }
  let venuePath = override ?? worldFile.venueURL.path
  let venue: Venue
  do {
    venue = try VenueLoader.load(path: venuePath)
  } catch {
    throw CLIError("\(error) (venue of \(file))")
  }
  let plans = FloorPlanSet(venue: venue)
  do {
    return (try worldFile.makeWorld(plans: plans), venuePath)
  } catch let error as ConfigurationError {
    throw CLIError(error.description)
  }
}
