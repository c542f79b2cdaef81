import Fingerprints
import Foundation
import Workflows

/// A short office walk in a light world (few APs, 2 m grid) with a 2 m radio map grid, written
/// into a folder: `w.yaml`, `survey.ndjson` and the scenario `s.yaml`. Quick in debug builds.
public enum LightScenario {
  /// Writes the files into `folder` and returns the scenario's path.
  public static func write(in folder: URL) throws -> String {
    let venue = RepositoryPaths.sampleVenue("office")
    try Data(
      "venue: \(venue)\nseed: 2\npropagation: { grid_spacing: 2 }\nplacement: { density: 0.3 }\n"
        .utf8
    )
    .write(to: folder.appendingPathComponent("w.yaml"))
    var simulation = SurveySimulation(worldFile: folder.appendingPathComponent("w.yaml").path)
    simulation.spacing = 3
    simulation.scansPerStop = 1
    try SurveyWriter.write(
      try simulation.run(), to: folder.appendingPathComponent("survey.ndjson"))
    let path = folder.appendingPathComponent("s.yaml").path
    try Data(
      """
      venue: \(venue)
      world: w.yaml
      radio_map: { survey: survey.ndjson, grid: 2 }
      walker:
        start: { unit: "Room 0.01" }
        stops: [{ unit: "Room 0.24", dwell: 4 }, { unit: "Room 0.06" }]
      device: { offset: 2 }
      localizer: { particles: 300 }
      seed: 21
      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A fresh temporary folder, removed by the caller.
  public static func temporaryFolder(_ prefix: String = "light") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
