import ArgumentParser
import FingerpostCore
import IMDF

/// The venue path argument shared by the venue commands.
struct VenuePathArgument: ParsableArguments {
  @Argument(help: "An IMDF archive: a folder or a .zip file.")
  var path: String

  /// The venue at `path`.
  func load() throws(FingerpostError) -> Venue {
    try VenueLoader.load(path: path)
  }
}
