import Foundation

extension Venue {
  /// The name that identifies the venue archive at `path` in stream meta records, survey
  /// headers and radio-map checks: the folder's name, or the zip's without `.zip`, so that `x/`
  /// and `x.zip` are the same venue.
  public static func identity(ofArchiveAt path: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.pathExtension.lowercased() == "zip"
      ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
  }

  /// This venue's identity, from the archive it was loaded from.
  public var identity: String { Self.identity(ofArchiveAt: path) }
}
