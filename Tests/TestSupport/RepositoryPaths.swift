import Foundation

/// Paths to the repository's own files and to the shared real data beside it.
public enum RepositoryPaths {
  /// The repository root (the folder holding `Package.swift`).
  public static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  /// A committed sample venue folder in `Surveys/`, e.g. `office`.
  public static func sampleVenue(_ name: String) -> String {
    root.appendingPathComponent("Surveys").appendingPathComponent(name).path
  }

  /// `../shared/data/NAME` when present, else `nil` (a user's fresh clone has no `../shared`).
  public static func sharedData(_ name: String) -> String? {
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/data/\(name)")
    return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
  }

  /// The PolyMap IMDF venue from `../shared/data`, when present.
  public static var polymap: String? { sharedData("imdf-polymap") }
}
