import ArgumentParser
import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Workflows

/// `fingerpost locate --map MAP --scan JSON`: one scan → position, level, unit, accuracy.
struct LocateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "locate",
    abstract: "Locate one Wi-Fi scan against a radio map.",
    discussion: """
      The scan is JSON: {"readings": [["aa:bb:cc:dd:ee:ff", -61], …]} or a survey scan line; \
      pass it inline, as a file path, or '-' for standard input.
      """)

  @Option(help: "The radio map file.")
  var map: String

  @Option(help: "The scan (JSON text, a file, or - for standard input).")
  var scan: String

  @Option(help: "The venue, to name the unit of the fix.")
  var venue: String?

  @Option(help: "knn or likelihood.")
  var method: Locate.Method = .likelihood

  func run() throws {
    let text: Data
    let source: String
    if scan == "-" || FileManager.default.fileExists(atPath: scan) {
      (text, source) = (try FileAccess.read(scan), scan == "-" ? "stdin" : scan)
    } else {
      (text, source) = (Data(scan.utf8), "--scan")
    }
    var plans: FloorPlanSet?
    if let venue { plans = try FloorPlanSet(venueAt: venue) }
    let locate = Locate(
      map: try RadioMapFile.read(URL(fileURLWithPath: map)), plans: plans, method: method)
    print(Locate.json(try locate.fix(try Locate.scan(json: text, source: source))))
  }
}

extension Locate.Method: ExpressibleByArgument {}
