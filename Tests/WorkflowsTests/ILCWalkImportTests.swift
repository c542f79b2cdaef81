import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import TestSupport
import Testing

@testable import Workflows

/// Microsoft ILC path files become event streams: truth from waypoints, steps from the IMU,
/// scans without stale entries, and every problem named by file and line.
@Suite struct ILCWalkImportTests {
  /// A floor folder whose 100 × 50 m image spans a box of that size near Hangzhou (its shop
  /// carrying a Web-Mercator `point`, as real maps do), holding one path file with `lines`
  /// after the header, in `root`; returns the path file.
  static func pathFile(_ lines: [String], floorName: String = "F2", in root: TemporaryFolder)
    throws -> String
  {
    let folder = root.appending("site/\(floorName)")
    let paths = folder.appendingPathComponent("path_data_files")
    try FileManager.default.createDirectory(at: paths, withIntermediateDirectories: true)
    try #"{"map_info": {"height": 50, "width": 100}}"#.write(
      to: folder.appendingPathComponent("floor_info.json"), atomically: true, encoding: .utf8)
    let map = #"""
      {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Polygon",
      "coordinates": [[[120.0, 30.0], [120.0010372, 30.0], [120.0010372, 30.00045218],
      [120.0, 30.00045218], [120.0, 30.0]]]}, "properties": {"point": [13366730.1, 3541383.3]}}]}
      """#
    try map.write(
      to: folder.appendingPathComponent("geojson_map.json"), atomically: true, encoding: .utf8)
    let header = [
      "#\tstartTime:1000", "#\tSiteID:s\tSiteName:x\tFloorId:f\tFloorName:\(floorName)",
      "#\tBrand:Acme\tModel:P1",
    ]
    let file = paths.appendingPathComponent("walk.txt")
    try (header + lines).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  /// 10 s walking north-east at 2 steps a second: accelerometer and rotation vector at 50 Hz.
  static func walkingLines(from start: Int64 = 1000, seconds: Double = 10) -> [String] {
    var lines: [String] = []
    let half = -45 * Double.pi / 360
    for k in 0..<Int(seconds * 50) {
      let t = Double(k) * 0.02
      let ms = start + Int64(k * 20)
      let a = 9.81 + 3 * sin(2 * .pi * 2 * t)
      lines.append("\(ms)\tTYPE_ACCELEROMETER\t0.1\t0.2\t\(a)\t3")
      lines.append("\(ms)\tTYPE_ROTATION_VECTOR\t0.0\t0.0\t\(sin(half))\t3")
    }
    return lines
  }

  @Test func truthStepsAndScansOfAPathFile() throws {
    let tmp = try TemporaryFolder("ilc-walk")
    defer { tmp.remove() }
    var lines = [
      "1000\tTYPE_WAYPOINT\t10.0\t10.0",
      "11000\tTYPE_WAYPOINT\t17.0\t17.0",
      "2000\tTYPE_WIFI\tnet\taa:bb:cc:00:00:01\t-50\t2412\t1990",
      "2000\tTYPE_WIFI\tnet\taa:bb:cc:00:00:02\t-60\t2412\t1000",  // seen 1 s before: fresh
      "4000\tTYPE_WIFI\tnet\taa:bb:cc:00:00:01\t-52\t2412\t3990",
      "4000\tTYPE_WIFI\tnet\taa:bb:cc:00:00:02\t-60\t2412\t1000",  // not seen since: stale
    ]
    lines += Self.walkingLines()
    let walk = try ILCWalkImporter().importFile(try Self.pathFile(lines, in: tmp))
    #expect(walk.ordinal == 1 && walk.format == "ilc")
    #expect(walk.problems.isEmpty, "\(walk.problems)")
    // Truth: 10 s at 2 Hz plus both ends, the waypoints as checkpoints, 1.0 m a second apart.
    #expect(walk.truth.filter(\.checkpoint).map(\.t) == [0, 10])
    #expect(walk.truth.count == 21, "\(walk.truth.count)")
    let frame = LocalFrame(origin: walk.origin)
    let floor = try ILCFloorFrame(
      floorFolder: URL(fileURLWithPath: walk.file).deletingLastPathComponent()
        .deletingLastPathComponent())
    let first = frame.point(for: floor.coordinate(for: Point(x: 10, y: 10)))
    #expect(walk.truth[0].position.distance(to: first) < 0.01)
    #expect(
      abs(walk.truth[0].position.distance(to: walk.truth[20].position) - 98.0.squareRoot()) < 0.05)
    // The origin is the map's south-west corner: the image origin.
    #expect(frame.point(for: floor.coordinate(for: .zero)).length < 0.01)
    // Steps: 20 in 10 s, heading 45°.
    #expect((19...20).contains(walk.steps.count), "\(walk.steps.count)")
    #expect(walk.steps.allSatisfy { abs($0.heading - 45) < 0.5 })
    #expect(walk.check.headingErrors.allSatisfy { abs($0) < 1 }, "\(walk.check.headingErrors)")
    // Scans: times from the file's start, the stale entry gone.
    #expect(walk.scans.map(\.time) == [1, 3])
    #expect(walk.scans[1].readings.map(\.bssid) == ["aa:bb:cc:00:00:01"])
    #expect(walk.staleEntries == 1)
    #expect(walk.scans[0].device == "Acme P1")
  }

  @Test func badLinesAreNamedAndTheRestIsUsed() throws {
    let tmp = try TemporaryFolder("ilc-walk")
    defer { tmp.remove() }
    var lines = ["1000\tTYPE_WAYPOINT\t10.0\t10.0", "11000\tTYPE_WAYPOINT\t17.0\t17.0"]
    lines += Self.walkingLines()
    lines.insert("1500\tTYPE_MYSTERY\t1\t2\t3", at: 2)  // line 6 of the file
    lines.insert("900\tTYPE_ACCELEROMETER\t0.1\t0.2\t9.81\t3", at: 400)  // back in time
    lines.append("11000\tTYPE_WIFI\tnet\taa:bb:cc:00:00:01\t-5")  // truncated last line
    let path = try Self.pathFile(lines, in: tmp)
    let walk = try ILCWalkImporter().importFile(path)
    let messages = walk.problems.map(\.description)
    #expect(
      messages.contains { $0.hasPrefix("\(path):6: unknown record type TYPE_MYSTERY") },
      "\(messages)")
    #expect(
      messages.contains { $0.contains("TYPE_ACCELEROMETER time 900 is before") }, "\(messages)")
    #expect(
      messages.contains { $0.hasPrefix("\(path):\(lines.count + 3): TYPE_WIFI needs") },
      "\(messages)")
    #expect((19...20).contains(walk.steps.count), "\(walk.steps.count)")
    #expect(walk.truth.count == 21)
  }

  @Test func aFileWithoutWaypointsOrInertialSensorsSaysSo() throws {
    let tmp = try TemporaryFolder("ilc-walk")
    defer { tmp.remove() }
    let path = try Self.pathFile(
      ["2000\tTYPE_WIFI\tnet\taa:bb:cc:00:00:01\t-50\t2412\t1990"], in: tmp)
    let walk = try ILCWalkImporter().importFile(path)
    #expect(walk.truth.isEmpty && walk.steps.isEmpty && walk.scans.count == 1)
    let messages = walk.problems.map(\.message)
    #expect(messages.contains { $0.contains("no TYPE_WAYPOINT") })
    #expect(messages.contains { $0.contains("no TYPE_ACCELEROMETER") })
  }

  @Test func aFloorNameNoOneKnowsIsAnError() throws {
    let tmp = try TemporaryFolder("ilc-walk")
    defer { tmp.remove() }
    let path = try Self.pathFile(["1000\tTYPE_WAYPOINT\t1\t1"], floorName: "Mezzanine", in: tmp)
    #expect(throws: FingerpostError.self) { try ILCWalkImporter().importFile(path) }
  }
}
