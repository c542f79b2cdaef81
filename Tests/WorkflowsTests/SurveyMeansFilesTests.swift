import FloorPlans
import Foundation
import IMDF
import Radio
import TestSupport
import Testing
import Workflows

/// The surveys a world file names, read for the world: bad lines are skipped and reported.
@Suite struct SurveyMeansFilesTests {
  static let plans = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))

  @Test func badLinesAreReportedWithFileAndLine() throws {
    let world = try WorldFile(
      contentsOf: RepositoryPaths.root.appendingPathComponent("Surveys/office.world.yaml"))
    let aps = try world.accessPoints(on: Self.plans)
    let lines = try String(
      contentsOf: RepositoryPaths.root.appendingPathComponent("Surveys/office.survey.ndjson"),
      encoding: .utf8
    ).split(separator: "\n").prefix(41).map(String.init)
    let folder = try TemporaryFolder("survey-means")
    let clean = folder.url.appendingPathComponent("clean.ndjson")
    let damaged = folder.url.appendingPathComponent("damaged.ndjson")
    try (lines.joined(separator: "\n") + "\n").write(to: clean, atomically: true, encoding: .utf8)
    // Line 3 cut short: not JSON.
    var cut = lines
    cut[2] = String(cut[2].prefix(60))
    try (cut.joined(separator: "\n") + "\n").write(to: damaged, atomically: true, encoding: .utf8)

    let good = try SurveyMeans.read([clean], accessPoints: aps, plans: Self.plans)
    #expect(good.problems.isEmpty)
    let bad = try SurveyMeans.read([clean, damaged], accessPoints: aps, plans: Self.plans)
    #expect(bad.problems.count == 1)
    let problem = try #require(bad.problems.first)
    #expect(problem.contains("\(damaged.path):3:") && problem.contains("1 line(s) skipped"))
    // The damaged file's other 39 scans are kept: every reading but line 3's counts twice.
    let single = folder.url.appendingPathComponent("single.ndjson")
    try (lines[0] + "\n" + lines[2] + "\n").write(to: single, atomically: true, encoding: .utf8)
    let third = try SurveyMeans.read([single], accessPoints: aps, plans: Self.plans)
    let readings = { (means: SurveyMeans) in
      Self.plans.plans.indices.reduce(0) { sum, plan in
        (0..<aps.count).reduce(sum) { sum, a in
          sum + means.cells(plan: plan, accessPoint: a).reduce(0) { $0 + $1.readings }
        }
      }
    }
    #expect(readings(third.means) > 5)
    #expect(readings(bad.means) == 2 * readings(good.means) - readings(third.means))
  }
}
