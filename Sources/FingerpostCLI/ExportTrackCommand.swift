import ArgumentParser
import EventStream
import Foundation
import Geometry
import JSON

/// `fingerpost export-track`: truth and fixes as GeoJSON for GIS tools, geojson.io or MapKit.
struct ExportTrackCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-track",
    abstract: "Write a walk's truth and fixes as GeoJSON (lon/lat, with ordinal and unit).",
    discussion: """
      One LineString per stretch on one floor for the truth and for the fixes (properties:
      track, ordinal, t_start, t_end), and a Point per fix (t, ordinal, level_id, unit_id,
      unit_name, accuracy_m). Positions come from x/y in the stream's frame (its meta origin).
      """)

  @Argument(help: "Event streams holding truth and/or fixes (- for standard input).")
  var files: [String] = ["-"]

  @Option(name: .shortAndLong, help: "The GeoJSON file to write (- for standard output).")
  var output: String = "-"

  func run() throws {
    var truth: [TruthRecord] = []
    var fixes: [FixRecord] = []
    var origin: GeoCoordinate?
    for path in files {
      let data: Data
      do {
        data =
          path == "-"
          ? FileHandle.standardInput.readDataToEndOfFile()
          : try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw CLIError("\(path): cannot be read (\(error.localizedDescription))")
      }
      let records = StreamDecoder.records(in: data) { error in
        printError("\(path):\(error.line): \(error.message) (skipped)")
      }
      for (_, record) in records {
        switch record {
        case .meta(let meta):
          if let o = meta.origin {
            if let known = origin, known != o {
              throw CLIError("\(path): its origin differs from the other streams' (another venue?)")
            }
            origin = o
          }
        case .truth(let r): truth.append(r)
        case .fix(let r): fixes.append(r)
        default: break
        }
      }
    }
    guard let origin else {
      throw CLIError("no meta record with an origin: cannot place x/y on the map")
    }
    guard !truth.isEmpty || !fixes.isEmpty else { throw CLIError("no truth or fix records") }
    let geojson = Self.featureCollection(
      truth: truth.sorted { $0.t < $1.t }, fixes: fixes.sorted { $0.t < $1.t },
      frame: LocalFrame(origin: origin))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(geojson) + Data("\n".utf8)
    if output == "-" {
      FileHandle.standardOutput.write(data)
    } else {
      try data.write(to: URL(fileURLWithPath: output), options: .atomic)
      printError("wrote \(output): \(truth.count) truth points, \(fixes.count) fixes")
    }
  }

  /// The GeoJSON FeatureCollection of a walk.
  static func featureCollection(truth: [TruthRecord], fixes: [FixRecord], frame: LocalFrame)
    -> JSONValue
  {
    func position(_ x: Double, _ y: Double) -> JSONValue {
      let c = frame.coordinate(for: Point(x: x, y: y))
      return .array([
        .number((c.longitude * 1e7).rounded() / 1e7), .number((c.latitude * 1e7).rounded() / 1e7),
      ])
    }
    /// One LineString per run of consecutive points on one floor.
    func lines(
      _ track: String, _ points: [(t: Double, ordinal: Int, x: Double, y: Double)]
    ) -> [JSONValue] {
      var result: [JSONValue] = []
      var start = 0
      while start < points.count {
        var end = start
        while end + 1 < points.count, points[end + 1].ordinal == points[start].ordinal { end += 1 }
        let run = points[start...end]
        if run.count >= 2 {
          result.append(
            .object([
              "type": "Feature",
              "geometry": .object([
                "type": "LineString", "coordinates": .array(run.map { position($0.x, $0.y) }),
              ]),
              "properties": .object([
                "track": .string(track), "ordinal": .number(Double(points[start].ordinal)),
                "t_start": .number(run.first!.t), "t_end": .number(run.last!.t),
              ]),
            ]))
        }
        start = end + 1
      }
      return result
    }
    var features = lines("truth", truth.map { ($0.t, $0.ordinal, $0.x, $0.y) })
    features += lines("fixes", fixes.map { ($0.t, $0.ordinal, $0.x, $0.y) })
    for fix in fixes {
      var properties: [String: JSONValue] = [
        "track": "fix", "t": .number(fix.t), "ordinal": .number(Double(fix.ordinal)),
      ]
      if let v = fix.levelID { properties["level_id"] = .string(v) }
      if let v = fix.unitID { properties["unit_id"] = .string(v) }
      if let v = fix.unitName { properties["unit_name"] = .string(v) }
      properties["accuracy_m"] = .number(fix.accuracy)
      features.append(
        .object([
          "type": "Feature",
          "geometry": .object(["type": "Point", "coordinates": position(fix.x, fix.y)]),
          "properties": .object(properties),
        ]))
    }
    return .object(["type": "FeatureCollection", "features": .array(features)])
  }
}
