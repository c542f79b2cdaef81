import ArgumentParser
import FingerpostCore
import Foundation

/// The `fingerpost` command-line tool.
public struct FingerpostCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "fingerpost",
    abstract: "Indoor positioning simulator and Wi-Fi fingerprint toolkit for IMDF venues.",
    version: "0.2.0",
    subcommands: [
      VenueCommand.self, SurveyCommand.self, IngestCommand.self, RadioMapCommand.self,
      LocateCommand.self,
      EvaluateFingerprintsCommand.self, EvaluateWalksCommand.self, SimulateCommand.self,
      ReplayCommand.self, ScoreCommand.self,
      SuiteCommand.self, AssessCommand.self, ExportTrackCommand.self, ViewCommand.self,
      WalkCommand.self, WorldCommand.self, ServeCommand.self, KeysCommand.self,
    ]
  )

  public init() {}

  /// Runs the tool on the process's arguments: bad input (a `FingerpostError`) prints
  /// `error: file:line: field: message` and exits 1; a usage error prints the message and the
  /// usage and exits 2.
  public static func start() async {
    Diagnostics.bootstrap()
    do {
      var command = try parseAsRoot()
      if var service = command as? AsyncParsableCommand {
        try await service.run()
      } else {
        try command.run()
      }
    } catch let error as FingerpostError {
      printError("error: \(error)")
      Foundation.exit(1)
    } catch {
      if exitCode(for: error) == .validationFailure {
        printError(fullMessage(for: error))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}

/// `fingerpost venue …`: inspect, validate, route through and generate IMDF venues.
struct VenueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "venue",
    abstract: "Inspect, validate, route through and generate IMDF venues.",
    subcommands: [
      VenueInfo.self, VenueValidate.self, VenueRoute.self, VenueGenerate.self, VenueImport.self,
    ]
  )
}
