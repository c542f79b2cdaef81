/// Why a venue could not be opened at all (problems inside an archive are `Finding`s instead).
public enum VenueLoadError: Error, Equatable, CustomStringConvertible {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The path is a file that could not be read as a zip archive.
  case unreadableZip(path: String, reason: String)
  /// The folder could not be listed.
  case unreadableFolder(path: String, reason: String)

  public var description: String {
    switch self {
    case .notFound(let path): "\(path): no such file or folder"
    case .unreadableZip(let path, let reason): "\(path): not a readable zip archive (\(reason))"
    case .unreadableFolder(let path, let reason): "\(path): cannot list the folder (\(reason))"
    }
  }
}
