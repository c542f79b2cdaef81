import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import IMDF
import Radio
import TestSupport
import Testing
import Workflows

/// `world fit` on the office's simulated survey, and the surveyed-AP file it may take.
@Suite struct WorldFittingTests {
  static let plans = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))
  static let survey = RepositoryPaths.root.appendingPathComponent("Surveys/office.survey.ndjson")
    .path

  /// The fitting, told where the lobby's stray AP is (a surveyed-AP file).
  static let fitting: WorldFitting = {
    let folder = try! TemporaryFolder("world-fit")
    let path = folder.url.appendingPathComponent("aps.csv").path
    try! "bssid,level,x,y\n02:AA:00:00:00:01,0,-5,16\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    var fitting = WorldFitting(surveys: [survey], venuePath: RepositoryPaths.sampleVenue("office"))
    fitting.accessPointsPath = path
    fitting.settings.bootstrap = 4
    return fitting
  }()
  static let result = Result { try fitting.run() }

  @Test func theOfficeSurveyFitsItsWorld() throws {
    let truth = try WorldFile(
      contentsOf: RepositoryPaths.root.appendingPathComponent("Surveys/office.world.yaml"))
    let aps = try truth.accessPoints(on: Self.plans)
    let fitting = Self.fitting
    let result = try Self.result.get()
    #expect(result.scans > 3000 && result.skipped == 0)
    let fit = result.fit
    #expect(fit.placed.count > aps.count / 2)
    // Positions near the truth for most APs (same floor, within 4 m).
    let near = fit.placed.filter { placed in
      aps.contains {
        $0.bssid == placed.accessPoint.bssid && $0.floor == placed.accessPoint.floor
          && $0.position.distance(to: placed.accessPoint.position) < 4
      }
    }.count
    #expect(near * 4 > fit.placed.count * 3)
    #expect(abs(fit.model.exponent - truth.model.exponent) < 0.5)
    // The world file names the venue from its own folder and reads back.
    let folder = try TemporaryFolder("world-fit")
    let output = folder.url.appendingPathComponent("fitted.world.yaml").path
    let text = fitting.worldFile(result, output: output)
    try text.write(toFile: output, atomically: true, encoding: .utf8)
    let back = try WorldFile(contentsOf: URL(fileURLWithPath: output))
    #expect(
      back.venueURL.path
        == URL(fileURLWithPath: RepositoryPaths.sampleVenue("office")).standardizedFileURL.path)
    #expect(try back.accessPoints(on: Self.plans).count == fit.placed.count)
    // It names the survey it was fitted to, and a world loaded from it is conditioned on that.
    #expect(
      back.surveyURLs.map(\.path) == [URL(fileURLWithPath: Self.survey).standardizedFileURL.path])
    let (world, _) = try World.load(file: output)
    #expect((world.survey?.count ?? 0) > 1000)
    let geojson = try WorldFitting.geojson(result)
    #expect(String(decoding: geojson, as: UTF8.self).contains("\"type\":\"FeatureCollection\""))
  }

  @Test func givenPositionsAreKept() throws {
    let fit = try Self.result.get().fit
    let given = fit.placed.filter(\.given)
    #expect(given.count == 1)
    #expect(given.first?.accessPoint.position == Geometry.Point(x: -5, y: 16))
  }

  @Test func theReportNamesTheFitAndEveryParameter() throws {
    let result = try Self.result.get()
    let text = result.text(seconds: 2.25)
    #expect(text.hasPrefix("fitted from \(result.scans) scans on 3 level(s) in 2.3 s\n"))
    #expect(text.contains("APs: \(result.fit.placed.count) placed (1 given)"))
    #expect(text.contains("held out: single readings RMS "))
    #expect(
      text.contains(
        "with the shadowing the fitted cells imply nearby, held out: single readings RMS "))
    #expect(text.contains("held out in 8 m blocks\n"))
    let noise = result.fit.readingNoise.formatted(decimals: 1)
    #expect(
      text.contains(
        "the fitted spreads expect RMS \(result.fit.heldOut.expected.formatted(decimals: 1)) dB of the model"
      ))
    #expect(text.contains("no prediction of a single reading can beat \(noise) dB"))
    // A row per parameter: its value, then its bootstrap error or why there is none.
    let rows = text.split(separator: "\n").drop { !$0.hasPrefix("parameter") }.dropFirst()
    #expect(rows.count == 18)
    let exponent = try #require(rows.first { $0.hasPrefix("exponent ") })
    #expect(
      exponent.split(separator: " ", omittingEmptySubsequences: true)[1]
        == Substring(result.fit.model.exponent.formatted(decimals: 2)))
  }

  @Test func aBadAccessPointLineIsNamed() {
    let cases: [(String, Int, String)] = [
      ("bssid,level,x,y\n02:aa:00:00:00:01,0,-5\n", 2, "bssid"),
      ("02:aa:00:00:00:0g,0,-5,16\n", 1, "bssid"),
      ("02:aa:00:00:00:01,7,-5,16\n", 1, "level"),
      ("# surveyed\n02:aa:00:00:00:01,0,east,16\n", 2, "x"),
      ("02:aa:00:00:00:01,0,1,2\n02:AA:00:00:00:01,0,1,2\n", 2, "bssid"),
    ]
    for (text, line, field) in cases {
      #expect {
        _ = try KnownAccessPoints(text: text, file: "aps.csv", plans: Self.plans)
      } throws: { error in
        let e = error as? FingerpostError
        return e?.file == "aps.csv" && e?.line == line && e?.field == field
      }
    }
  }
}
