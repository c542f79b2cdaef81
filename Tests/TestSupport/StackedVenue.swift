import Foundation

/// The sample office with its ground floor's "Room 0.01" drawn `copies` times over, one copy on
/// another, and nothing else on that level: a hostile archive whose walls cost quadratic work.
public enum StackedVenue {
  /// Writes the venue folder to `folder` and returns it.
  public static func write(copies: Int, to folder: URL) throws -> URL {
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: RepositoryPaths.sampleVenue("office")), to: folder)
    let file = folder.appendingPathComponent("unit.geojson")
    guard
      var units = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
      let features = units["features"] as? [[String: Any]],
      let room = features.first(where: {
        (($0["properties"] as? [String: Any])?["name"] as? [String: String])?["en"] == "Room 0.01"
      })
    else { throw CocoaError(.fileReadCorruptFile) }
    units["features"] = (0..<copies).map { _ in
      var copy = room
      copy["id"] = UUID().uuidString.lowercased()
      return copy
    }
    try JSONSerialization.data(withJSONObject: units).write(to: file)
    return folder
  }
}
