import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import TestSupport
import Testing

@testable import Workflows

/// GetSensorData logs (IPIN) become event streams: truth from the landmarks on their floors,
/// steps from the IMU, scans without stale entries, the barometer, and every problem named by
/// file and line.
@Suite struct IPINWalkImportTests {
  static let origin = GeoCoordinate(longitude: 11.11, latitude: 49.46)

  /// A log with the app's header and `lines`.
  static func log(_ lines: [String], file: String = "trial.txt") -> IPINLogFile {
    let header = [
      "% LogFile created by the 'GetSensorData' App for Android.",
      "% Manufacturer:            \tacme", "% Model:                   \tP1",
      "% Pressure data:      \t'PRES;AppTimestamp(s);SensorTimestamp(s);Pres(mbar);Accuracy(integer)'",
    ]
    return IPINLogFile(
      data: Data((header + lines).joined(separator: "\n").utf8), file: file,
      sensorTypes: IPINWalkImporter.inertialTypes)
  }

  /// The landmark `east` and `north` metres from `origin`.
  static func posi(_ t: Double, _ counter: Int, east: Double, north: Double, floor: Int) -> String {
    let c = LocalFrame(origin: origin).coordinate(for: Point(x: east, y: north))
    return "POSI;\(t);\(counter);\(c.latitude);\(c.longitude);\(floor);100"
  }

  /// 10 s walking north-east at 2 steps a second from `start`: accelerometer, gyroscope and
  /// orientation at 50 Hz (the quaternion turns the phone's y axis to 45°).
  static func walkingLines(from start: Double = 0, seconds: Double = 10) -> [String] {
    var lines: [String] = []
    let half = -45 * Double.pi / 360
    for k in 0..<Int(seconds * 50) {
      let t = start + Double(k) * 0.02
      let a = 9.81 + 3 * sin(2 * .pi * 2 * t)
      lines.append("ACCE;\(t);\(t + 500);0.1;0.2;\(a);3")
      lines.append("GYRO;\(t);\(t + 500);0;0;0;3")
      lines.append("AHRS;\(t);\(t + 500);0;0;45;0.0;0.0;\(sin(half));3")
    }
    return lines
  }

  @Test func theLogSaysWhenItStarted() throws {
    var log = Self.log([])
    #expect(log.created == nil)
    log = IPINLogFile(
      data: Data(
        "% Date of creation: Wed Jun 14 10:00:58 GMT+02:00 2023\nPOSI;1;1;49.46;11.11;0;1".utf8),
      file: "dated.txt")
    #expect(log.created?.timeIntervalSince1970 == 1_686_729_658)
    let walk = IPINWalkImporter().walk(log, origin: Self.origin)
    #expect(walk.started == log.created)
    // A date that is not one is no date, and no problem: the header is free text.
    log = IPINLogFile(data: Data("% Date of creation: yesterday\n".utf8), file: "bad.txt")
    #expect(log.created == nil)
    #expect(log.problems.isEmpty)
  }

  @Test func truthStepsScansAndPressureOfALog() throws {
    var lines = [
      Self.posi(0, 1, east: 10, north: 10, floor: 0),
      Self.posi(10, 2, east: 17, north: 17, floor: -1),
      "WIFI;2.0;502.0;net;aa:bb:cc:00:00:01;2412;-50",
      "WIFI;2.0;502.0;net;aa:bb:cc:00:00:02;2412;-60",
      "WIFI;4.0;504.0;net;aa:bb:cc:00:00:01;2412;-52",
      "WIFI;4.0;502.0;net;aa:bb:cc:00:00:02;2412;-60",  // not seen since the last scan: stale
      "PRES;1.0;501.0;980.10;3", "PRES;9.0;509.0;980.55;3",
    ]
    lines += Self.walkingLines()
    let walk = IPINWalkImporter().walk(Self.log(lines), origin: Self.origin)
    #expect(walk.problems.isEmpty, "\(walk.problems)")
    // Truth: 10 s at 2 Hz plus both ends, the landmarks as checkpoints; the floor changes half
    // way.
    #expect(walk.truth.filter(\.checkpoint).map(\.t) == [0, 10])
    #expect(walk.truth.count == 21, "\(walk.truth.count)")
    #expect(walk.truth[0].position.distance(to: Point(x: 10, y: 10)) < 0.01)
    #expect(walk.truth[20].position.distance(to: Point(x: 17, y: 17)) < 0.01)
    #expect(walk.truth.filter { $0.t < 5 }.allSatisfy { $0.ordinal == 0 })
    #expect(walk.truth.filter { $0.t > 5 }.allSatisfy { $0.ordinal == -1 })
    // Steps: 20 in 10 s, heading 45° from the orientation's quaternion.
    #expect((19...20).contains(walk.steps.count), "\(walk.steps.count)")
    #expect(walk.steps.allSatisfy { abs($0.heading - 45) < 0.5 }, "\(walk.steps.map(\.heading))")
    // Scans: the stale entry gone; the phone named.
    #expect(walk.scans.map(\.time) == [2, 4])
    #expect(walk.scans[1].readings.map(\.bssid) == ["aa:bb:cc:00:00:01"])
    #expect(walk.staleEntries == 1)
    #expect(walk.scans[0].device == "acme P1")
    #expect(walk.pressures == [Pressure(t: 1, hPa: 980.1), Pressure(t: 9, hPa: 980.55)])
    // The stream carries them all.
    let stream = walk.eventStream
    #expect(stream.contains(#"{"type":"pressure","t":9,"hPa":980.55}"#))
    #expect(stream.contains(#""generator":"fingerpost walk import ipin""#))
  }

  @Test func badLinesAreNamedAndTheRestIsUsed() throws {
    var lines = [Self.posi(0, 1, east: 10, north: 10, floor: 0)]
    lines += Self.walkingLines()
    lines.append(Self.posi(10, 2, east: 17, north: 17, floor: 0))
    lines.insert("MYST;1.5;2;3", at: 1)  // line 6 of the file (after 4 header lines)
    lines.insert("ACCE;0.5;499;0.1;0.2;9.81;3", at: 300)  // back in time
    lines.insert("GYRO;-1;499;0.1;0.2;0.3;3", at: 301)  // before the log began
    lines.append("PRES;9.5;509.5;98055;3")  // not an air pressure
    lines.append("POSI;10.5;3;north;east;0;100")
    lines.append("WIFI;11;511;net;aa:bb")  // truncated last line
    let log = Self.log(lines, file: "t.txt")
    let walk = IPINWalkImporter().walk(log, origin: Self.origin)
    let messages = walk.problems.map(\.description)
    #expect(messages.contains { $0.hasPrefix("t.txt:6: unknown record type MYST") }, "\(messages)")
    #expect(messages.contains { $0.contains("ACCE time 0.5 is before") }, "\(messages)")
    #expect(messages.contains { $0.contains("GYRO has no time of 0 to 14400 s") }, "\(messages)")
    #expect(messages.contains { $0.contains("PRES needs") }, "\(messages)")
    #expect(messages.contains { $0.contains("POSI needs") }, "\(messages)")
    #expect(
      messages.contains { $0.hasPrefix("t.txt:\(lines.count + 4): WIFI needs") }, "\(messages)")
    #expect((19...20).contains(walk.steps.count), "\(walk.steps.count)")
    #expect(walk.truth.count == 21)
    #expect(walk.pressures.isEmpty)
  }

  @Test func aLogWithoutLandmarksOrInertialSensorsSaysSo() {
    let walk = IPINWalkImporter().walk(
      Self.log(["WIFI;2.0;502.0;net;aa:bb:cc:00:00:01;2412;-50"]), origin: Self.origin)
    #expect(walk.truth.isEmpty && walk.steps.isEmpty && walk.scans.count == 1)
    let messages = walk.problems.map(\.message)
    #expect(messages.contains { $0.contains("no POSI") })
    #expect(messages.contains { $0.contains("no ACCE") })
  }

  @Test func aSurveyPlacesScansBetweenLandmarksInOneFrame() {
    let first = Self.log(
      [
        Self.posi(0, 1, east: 0, north: 0, floor: 0),
        Self.posi(10, 2, east: 20, north: 0, floor: -2),
        "WIFI;1;501;net;aa:bb:cc:00:00:01;2412;-50",  // 2 m east, floor 0
        "WIFI;8;508;net;aa:bb:cc:00:00:01;2412;-55",  // 16 m east, floor −2
        "WIFI;12;512;net;aa:bb:cc:00:00:01;2412;-56",  // after the last landmark
      ], file: "a.txt")
    let second = Self.log(
      [
        Self.posi(0, 1, east: -5, north: -3, floor: 0),
        Self.posi(4, 2, east: -5, north: 5, floor: 0),
        "WIFI;2;502;net;aa:bb:cc:00:00:02;2412;-60",
      ], file: "b.txt")
    let result = IPINSiteImporter().importLogs([first, second])
    // The frame's origin: the smallest latitude and longitude of all landmarks (5 m west, 3 m
    // south of the first log's first one).
    let origin = result.survey.header!.origin!
    let frame = LocalFrame(origin: origin)
    let corner = frame.point(for: Self.origin)
    #expect(abs(corner.x - 5) < 0.01 && abs(corner.y - 3) < 0.01, "\(corner)")
    #expect(result.survey.records.count == 3)
    #expect(result.outsideLandmarks == 1)
    let records = result.survey.records
    #expect(records.map(\.ordinal) == [0, -2, 0])
    #expect(records[0].position!.distance(to: Point(x: 7, y: 3)) < 0.01)
    #expect(records[1].position!.distance(to: Point(x: 21, y: 3)) < 0.01)
    #expect(records[2].position!.distance(to: Point(x: 0, y: 4)) < 0.01)
    #expect(records[2].scan.device == "acme P1 b")
    #expect(records[0].building == "100")
  }

  @Test func theCompetitionsTrialsImport() throws {
    guard let data = RepositoryPaths.sharedData("ipin2023-track3") else {
      print("skipped: ../shared/data/ipin2023-track3 is absent")
      return
    }
    let path = data + "/logfiles/IPIN2023_T3_TrainingTrial52_repetition01.txt"
    let log = try IPINWalkImporter.read(path)
    #expect(log.landmarks.count == 12)
    #expect(Set(log.landmarks.map(\.floor)) == [0, -2])
    #expect(log.pressures.count > 1_000)
    #expect(log.problems.isEmpty, "\(log.problems.prefix(3))")
    let origin = IPINSiteImporter.origin(of: [log])!
    let walk = IPINWalkImporter().walk(log, origin: origin)
    #expect(walk.scans.count > 100)
    #expect(walk.steps.count > 200)
    // The barometer says the walker went down two floors (about 6 m) and back, twice.
    let pressures = walk.pressures
    func mean(_ range: ClosedRange<Double>) -> Double {
      let values = pressures.filter { range.contains($0.t) }.map(\.hPa)
      return values.reduce(0, +) / Double(values.count)
    }
    let down = Pressure.heightChange(from: mean(50...60), to: mean(95...110))
    #expect((-7.0 ... -4.0).contains(down), "\(down)")
    #expect(abs(Pressure.heightChange(from: mean(50...60), to: mean(148...156))) < 1)
  }
}
