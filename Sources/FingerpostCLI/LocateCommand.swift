import ArgumentParser
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import IMDF
import JSON
import WiFi

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
  var method: String = "likelihood"

  func run() throws {
    guard let method = FingerprintEvaluation.Method(rawValue: method) else {
      throw ValidationError("--method must be knn or likelihood")
    }
    let radioMap = try loadRadioMap(map)
    let text: Data
    if scan == "-" {
      text = FileHandle.standardInput.readDataToEndOfFile()
    } else if FileManager.default.fileExists(atPath: scan) {
      text = try Data(contentsOf: URL(fileURLWithPath: scan))
    } else {
      text = Data(scan.utf8)
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(text)
    } catch {
      throw CLIError("the scan is not JSON (\(error))")
    }
    guard let items = json["readings"]?.arrayValue else {
      throw CLIError("the scan has no \"readings\" array")
    }
    let readings = items.compactMap { item -> Reading? in
      guard let parts = item.arrayValue, parts.count >= 2, let bssid = parts[0].stringValue,
        let rssi = parts[1].doubleValue,
        rssi <= 0, rssi >= -120
      else { return nil }
      return Reading(bssid: bssid, rssi: rssi)
    }
    let prepared = radioMap.prepare(Scan(time: 0, device: "cli", readings: readings))
    let locator = FingerprintLocator(map: radioMap)
    guard
      let fix = method == .knn
        ? locator.nearestNeighbours(prepared) : locator.maximumLikelihoodWithOffset(prepared)?.fix
    else {
      throw CLIError("no AP of the scan is in the map")
    }
    let level = radioMap.levels[fix.level]
    var fields = [
      "\"level\":\(level.ordinal)", "\"x\":\(fix.position.x.formatted(decimals: 2))",
      "\"y\":\(fix.position.y.formatted(decimals: 2))",
      "\"accuracy_m\":\(fix.accuracy.formatted(decimals: 1))",
    ]
    if let building = level.building { fields.append("\"building\":\"\(building)\"") }
    if let id = level.levelID { fields.append("\"level_id\":\"\(id)\"") }
    if radioMap.frame == nil, let origin = radioMap.origin {
      let c = LocalFrame(origin: origin).coordinate(for: fix.position)
      fields.append(
        "\"lat\":\(c.latitude.formatted(decimals: 7)),\"lon\":\(c.longitude.formatted(decimals: 7))"
      )
    }
    if let venue, let id = level.levelID {
      let plans = try loadPlans(venue)
      if let p = plans.planIndex(levelID: id), let unit = plans.plans[p].unit(at: fix.position) {
        fields.append("\"unit_id\":\"\(unit.id)\",\"unit_name\":\"\(unit.label)\"")
      }
    }
    print("{" + fields.joined(separator: ",") + "}")
  }
}
