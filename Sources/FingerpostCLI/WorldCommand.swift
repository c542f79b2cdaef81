import ArgumentParser
import FingerpostCore
import Foundation
import Radio
import Workflows

/// `fingerpost world …`: radio worlds for the simulator.
struct WorldCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "world",
    abstract: "Radio worlds for the simulator.",
    subcommands: [WorldFitCommand.self]
  )
}

/// `fingerpost world fit SURVEYS… --venue V -o WORLD`: fit a world to a real survey.
struct WorldFitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fit",
    abstract:
      "Fit a radio world (AP positions and powers, path loss, walls, floors, shadowing, fading, detection) to a real survey."
  )

  @Argument(help: "Survey files (NDJSON).")
  var surveys: [String]

  @Option(help: "The IMDF venue the surveys were made in.")
  var venue: String

  @Option(
    help:
      "Surveyed AP positions: a CSV of bssid,level,x,y (level: IMDF id or ordinal; metres); the others are estimated."
  )
  var accessPoints: String?

  @Option(name: .shortAndLong, help: "The world file (YAML) to write.")
  var output: String

  @Option(help: "Write the estimated APs as GeoJSON points here.")
  var geojson: String?

  @Option(help: "Seed of the held-out blocks and the resampling.")
  var seed: UInt64 = 1

  @Option(help: "Share of 8 m blocks of survey held out to measure the fit.")
  var heldOut = 0.2

  @Option(help: "Place an AP when heard in at least this many 1 m cells of the training survey.")
  var minimumCells = 10

  @OptionGroup var usage: UsageOptions

  func validate() throws {
    guard heldOut > 0, heldOut < 0.9 else {
      throw ValidationError("--held-out must be above 0 and below 0.9")
    }
    guard minimumCells >= 3 else { throw ValidationError("--minimum-cells must be at least 3") }
  }

  func run() throws {
    defer { usage.report("world fit") }
    var fitting = WorldFitting(surveys: surveys, venuePath: venue)
    fitting.accessPointsPath = accessPoints
    fitting.settings.seed = seed
    fitting.settings.heldOutShare = heldOut
    fitting.settings.minimumCells = minimumCells
    let start = Date()
    let result = try fitting.run()
    for warning in result.warnings { printError("warning: \(warning)") }
    try FileAccess.write(Data(fitting.worldFile(result, output: output).utf8), to: output)
    if let geojson { try FileAccess.write(try WorldFitting.geojson(result), to: geojson) }
    print(Self.report(result, seconds: Date().timeIntervalSince(start)), terminator: "")
    print("wrote \(output)" + (geojson.map { " and \($0)" } ?? ""))
  }

  /// The fit for people: scans, APs, held-out error, and each parameter with its standard error.
  static func report(_ result: WorldFitting.Result, seconds: Double) -> String {
    let fit = result.fit
    let given = fit.placed.filter(\.given).count
    var text = "fitted from \(result.scans) scans on \(result.plans.plans.count) level(s)"
    text += result.skipped > 0 ? " (\(result.skipped) off the venue's levels skipped)" : ""
    text += " in \(seconds.formatted(decimals: 1)) s\n"
    text +=
      "APs: \(fit.placed.count) placed (\(given) given), \(fit.unplaced.count) heard in too few cells to place"
    text +=
      result.noFrequency > 0
      ? "; \(result.noFrequency) without a frequency taken as 2.4 GHz\n" : "\n"
    text +=
      "cells (1 m): \(fit.cellCounts.training) fitted, \(fit.cellCounts.heldOut) held out in 8 m blocks\n"
    if fit.heldOut.readings > 0 {
      text +=
        "RSSI error of the fitted model's mean, held out: single readings RMS \(fit.heldOut.rms.formatted(decimals: 1)) dB, p90 \(fit.heldOut.p90.formatted(decimals: 1)) dB (\(fit.heldOut.readings)); "
        + "cell means RMS \(fit.heldOutCells.rms.formatted(decimals: 1)) dB, p90 \(fit.heldOutCells.p90.formatted(decimals: 1)) dB (\(fit.heldOutCells.readings)); fitted cells, single readings: RMS \(fit.training.rms.formatted(decimals: 1)) dB\n"
    } else {
      text += "no held-out readings: the survey is too small to measure the fit\n"
    }
    text += "parameter                   value     ± (AP bootstrap)\n"
    let m = fit.model
    let rows: [(key: String, unit: String, value: Double)] = [
      ("reference_power_24", "dBm", m.referencePower24),
      ("reference_power_5", "dBm", m.referencePower5),
      ("exponent", "", m.exponent), ("light_wall_loss", "dB", m.lightWallLoss),
      ("heavy_wall_loss", "dB", m.heavyWallLoss), ("floor_loss_24", "dB", m.floorLoss24),
      ("floor_loss_5", "dB", m.floorLoss5), ("shadowing_sigma", "dB", m.shadowingSigma),
      ("decorrelation_distance", "m", m.decorrelationDistance),
      ("fading_sigma", "dB", m.fadingSigma), ("scan_offset_sigma", "dB", m.scanOffsetSigma),
      ("detection_midpoint", "dBm", m.detectionMidpoint),
      ("detection_width", "dB", m.detectionWidth),
      ("sensitivity", "dBm", m.sensitivity), ("scan_interval", "s", m.scanInterval),
    ]
    for (key, unit, value) in rows {
      let name = (key + (unit.isEmpty ? "" : " " + unit)).padding(
        toLength: 27, withPad: " ", startingAt: 0)
      let shown = value.formatted(decimals: 2).padding(toLength: 9, withPad: " ", startingAt: 0)
      let error = fit.standardErrors[key].map { $0.formatted(decimals: 2) } ?? ""
      text +=
        "\(name) \(shown) "
        + (fit.fitted.contains(key) ? error : "default (the survey cannot tell)") + "\n"
    }
    return text
  }
}
