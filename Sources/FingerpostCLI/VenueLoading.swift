import ArgumentParser
import FloorPlans
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
