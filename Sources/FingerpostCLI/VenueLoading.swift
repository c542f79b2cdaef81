import ArgumentParser
import Fingerprints
import FloorPlans
import Foundation
import IMDF

/// The venue path argument shared by the venue commands.
struct VenuePathArgument: ParsableArguments {
  @Argument(help: "An IMDF archive: a folder or a .zip file.")
  var path: String

  /// Loads the venue, turning an unreadable archive into a CLI error.
  func load() throws -> Venue {
    do {
      return try VenueLoader.load(path: path)
    } catch {
      throw CLIError(error.description)
    }
  }
}

/// Loads the venue at `path`, or fails with the loader's message.
func loadVenue(_ path: String) throws -> Venue {
  do {
    return try VenueLoader.load(path: path)
  } catch {
    throw CLIError("\(error)")
  }
}

/// Loads the venue at `path` and derives its floor plans, or fails with the loader's message.
func loadPlans(_ path: String) throws -> FloorPlanSet {
  FloorPlanSet(venue: try loadVenue(path))
}

/// Reads a survey file, or fails naming it.
func readSurvey(_ path: String) throws -> SurveyFile {
  do {
    return try SurveyFile(contentsOf: URL(fileURLWithPath: path))
  } catch {
    throw CLIError("\(path): cannot be read (\(error.localizedDescription))")
  }
}
