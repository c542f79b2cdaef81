import ArgumentParser

/// The `fingerpost` command-line tool.
public struct FingerpostCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "fingerpost",
    abstract: "Indoor positioning simulator and Wi-Fi fingerprint toolkit for IMDF venues.",
    version: "0.1.0",
    subcommands: [
      VenueCommand.self, SurveyCommand.self, IngestCommand.self, RadioMapCommand.self,
      LocateCommand.self,
      EvaluateFingerprintsCommand.self, SimulateCommand.self, ReplayCommand.self, ScoreCommand.self,
      SuiteCommand.self, ExportTrackCommand.self, ViewCommand.self,
    ]
  )

  public init() {}
}

/// `fingerpost venue …`: inspect, validate, route through and generate IMDF venues.
struct VenueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "venue",
    abstract: "Inspect, validate, route through and generate IMDF venues.",
    subcommands: [VenueInfo.self, VenueValidate.self, VenueRoute.self, VenueGenerate.self]
  )
}

/// A failure the CLI reports as `error: …` with exit status 1.
struct CLIError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
