import FingerpostCore
import FloorPlans
import Foundation
import Scoring
import TestSupport
import Testing
import Workflows

/// `fingerpost assess` on the sample office: a world placed at a density, a simulated survey,
/// random walks through the venue, every localizer scored.
@Suite struct AssessmentTests {
  /// The office's world and the map of its survey, prepared once for every test.
  static let setting = Result { try small().prepare() }

  static func small() -> Assessment {
    var assessment = Assessment(venuePath: RepositoryPaths.sampleVenue("office"))
    assessment.surveySpacing = 4
    assessment.walks = 2
    assessment.kidnaps = 1
    assessment.stopsPerWalk = 1
    assessment.particles = 100
    return assessment
  }

  @Test func theReportScoresEveryLocalizerOverEveryWalkAndIsReproducible() throws {
    let report = try Self.small().run(in: Self.setting.get())
    let pooled = report.scoreboard.rows.filter { $0.scenario == "all walks" }
    #expect(Set(pooled.map(\.localizer)) == ["pf", "fingerprint", "dead-reckoning", "knn"])
    #expect(pooled.allSatisfy { $0.walks == 2 && $0.instants > 100 })
    // Per level, the filter and the two baselines compared with real walks: every instant of
    // the pooled row on exactly one level.
    let levels = report.scoreboard.rows.filter { $0.scenario.hasPrefix("level ") }
    #expect(Set(levels.map(\.localizer)) == ["pf", "fingerprint", "knn"])
    for localizer in ["pf", "fingerprint", "knn"] {
      #expect(
        levels.filter { $0.localizer == localizer }.reduce(0) { $0 + $1.instants }
          == pooled.first { $0.localizer == localizer }!.instants)
    }
    #expect(report.accessPoints > 50 && report.surveyScans > 500)
    #expect(report.walks.count == 2)
    #expect(report.walks[0].evaal >= report.walks[1].evaal)
    #expect(report.walks.allSatisfy { $0.seconds > 20 && $0.worstError >= $0.evaal })
    // Time to first fix over the two walks; the third walk is the kidnap, the filter only.
    #expect(report.timeToFirstFix.count == 2 && report.timeToFirstFix.target == 10)
    #expect(report.kidnaps.count == 1 && report.kidnaps[0].walk == 3)
    #expect((30...60).contains(report.kidnaps[0].at) && report.kidnaps[0].distance > 2)
    #expect(report.recovery.count == 1 && report.recovery.target == 30)
    #expect(report.text.contains("recovery after a kidnap") && report.text.contains("kidnaps ("))
    // Again, writing every replay as an event stream: the same report, and a stream per walk
    // and localizer with its truth.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assess-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    var writing = Self.small()
    writing.streams = folder.path
    let again = try writing.run(in: Self.setting.get())
    #expect(again.scoreboard == report.scoreboard && again.walks == report.walks)
    #expect(again.kidnaps == report.kidnaps)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.count == 9 && files.contains("walk-2-knn.ndjson"))
    #expect(files.contains("walk-3-pf.ndjson") && !files.contains("walk-3-fingerprint.ndjson"))
    let stream = try String(
      contentsOf: folder.appendingPathComponent("walk-1-pf.ndjson"), encoding: .utf8)
    #expect(stream.contains("\"type\":\"truth\"") && stream.contains("\"type\":\"fix\""))
    #expect(report.text.contains("walks, worst first"))
    let decoded = try JSONDecoder().decode(
      AssessmentReport.self, from: Data(try report.json().utf8))
    #expect(decoded.scoreboard == report.scoreboard)
  }

  @Test func whyEveryWalkedUnitHasItsMeasuredAndExpectedErrorAndCategoriesAreScored() throws {
    let setting = try Self.setting.get()
    let report = try Self.small().run(in: setting)
    // Every walkable unit, once; those walked carry the filter's error.
    let plans = setting.world.plans
    let expected = plans.plans.reduce(0) { total, plan in
      total + plan.units.count { $0.kind.isWalkable }
    }
    #expect(report.units.count == expected)
    let walked = report.units.filter { $0.error != nil }
    #expect(!walked.isEmpty && walked.allSatisfy { $0.seconds > 0 && $0.floorHit != nil })
    // The radio map's view: APs heard, a survey near every unit, a finite bound in most.
    #expect(report.units.allSatisfy { $0.heard > 1 })
    #expect(report.units.allSatisfy { ($0.surveyDistance ?? .infinity) < 4 })
    let bounded = report.units.compactMap(\.expectedError)
    #expect(bounded.count * 10 >= report.units.count * 9)
    #expect(bounded.allSatisfy { $0 > 0.1 && $0 < 10 }, "\(bounded)")
    // Per category, the instants of the pooled row spent in a unit.
    let categories = report.scoreboard.rows.filter { $0.scenario.hasPrefix("category ") }
    #expect(categories.contains { $0.scenario == "category walkway" })
    let pooled = report.scoreboard.rows.first { $0.scenario == "all walks" && $0.localizer == "pf" }
    #expect(categories.reduce(0) { $0 + $1.instants } <= pooled!.instants)
    #expect(categories.reduce(0) { $0 + $1.instants } * 10 >= pooled!.instants * 9)
    #expect(report.explanation.units > 0 && report.text.contains("why:"))
  }

  @Test func theAccuracyMapHasAFeaturePerUnitAndCellInWGS84() throws {
    let setting = try Self.setting.get()
    var assessment = Self.small()
    assessment.kidnaps = 0
    assessment.walks = 1
    assessment.cellSize = 4
    let report = try assessment.run(in: setting)
    let cells = try #require(report.cells)
    // Squares of 4 m over ~3 × 2,000 m² of floor, with the map's view in each.
    #expect(cells.count > 200 && cells.count < 600, "\(cells.count)")
    #expect(cells.contains { $0.error != nil } && cells.contains { $0.error == nil })
    let data = try AccuracyMap.geojson(report, plans: setting.world.plans)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let features = try #require(json["features"] as? [[String: Any]])
    #expect(features.count == report.units.count + cells.count)
    let unit = try #require(features.first)
    let properties = try #require(unit["properties"] as? [String: Any])
    #expect(properties["kind"] as? String == "unit" && properties["expected_error_m"] is Double)
    let geometry = try #require(unit["geometry"] as? [String: Any])
    let polygons = try #require(geometry["coordinates"] as? [[[[Double]]]])
    // Helsinki: longitude ~24.9, latitude ~60.2; rings closed.
    let ring = try #require(polygons.first?.first)
    #expect(ring.allSatisfy { abs($0[0] - 24.94) < 0.01 && abs($0[1] - 60.17) < 0.01 })
    #expect(ring.first == ring.last)
  }

  @Test func aSweepPrintsOneRowPerSetting() throws {
    var assessment = Self.small()
    assessment.walks = 1
    assessment.kidnaps = 0
    let sweep = try AssessmentSweep.run(assessment, densities: [0.3, 0.9], spacings: [4])
    #expect(sweep.rows.map(\.density) == [0.3, 0.9])
    // Three times the density, about three times the APs.
    let ratio = Double(sweep.rows[1].accessPoints) / Double(sweep.rows[0].accessPoints)
    #expect(ratio > 2.5 && ratio < 3.5, "\(ratio)")
    #expect(sweep.rows.allSatisfy { $0.evaal != nil && $0.surveyScans > 100 })
    #expect(sweep.text.split(separator: "\n").count == 4)
  }

  @Test func aRealSurveyBuildsTheMapAndOneOfAnotherWorldIsRefused() throws {
    var assessment = Self.small()
    assessment.worldFile =
      RepositoryPaths.root.appendingPathComponent("Surveys/office.world.yaml").path
    assessment.surveyFile =
      RepositoryPaths.root.appendingPathComponent("Surveys/office-8m.survey.ndjson").path
    let setting = try assessment.prepare()
    #expect(setting.surveyScans > 100 && setting.map.levels.count == 3)
    // The mall's survey knows none of the office's APs (and is of another venue).
    assessment.surveyFile =
      RepositoryPaths.root.appendingPathComponent("Surveys/mall.survey.ndjson").path
    #expect(throws: FingerpostError.self) { try assessment.prepare() }
  }

  @Test func walksStopInPublicUnitsAndAnotherSeedWalksElsewhere() throws {
    let plans = try Self.setting.get().world.plans
    var other = Self.small()
    other.seed = 2
    let a = try Self.small().randomWalks(plans: plans)
    let b = try other.randomWalks(plans: plans)
    #expect(a.count == 3 && b.count == 3)
    // The last walk is carried off once, 30–60 s in, and waits 60 s at its last stop.
    #expect(a.prefix(2).allSatisfy(\.events.isEmpty) && a[2].events.count == 1)
    #expect(a[2].stops.last?.dwell == 60)
    #expect(a.map(\.stops) != b.map(\.stops))
    #expect(try Self.small().randomWalks(plans: plans).map(\.stops) == a.map(\.stops))
    for scenario in a + b where scenario.events.isEmpty {
      #expect(!scenario.localizer.knownStart && scenario.stops.count == 1)
      for stop in scenario.stops {
        guard case .unit(let id, _) = stop.place, let ref = plans.unitRef(id: id) else {
          Issue.record("a stop that is not a unit: \(stop.place)")
          continue
        }
        let unit = plans.unit(ref)
        #expect(unit.kind.isWalkable && unit.kind.connector == nil)
        #expect((5...30).contains(stop.dwell))
      }
    }
  }

  @Test func theFilterWeighsScansAsAsked() throws {
    var assessment = Self.small()
    assessment.kidnaps = 0
    let plain = try assessment.run(in: Self.setting.get())
    assessment.measurement = .neighbours
    let neighbours = try assessment.run(in: Self.setting.get())
    func row(_ report: AssessmentReport, _ localizer: String) -> Scoreboard.Row? {
      report.scoreboard.rows.first { $0.scenario == "all walks" && $0.localizer == localizer }
    }
    // The same walks: the baselines agree, the filter does not.
    #expect(row(plain, "knn") == row(neighbours, "knn"))
    #expect(row(plain, "fingerprint") == row(neighbours, "fingerprint"))
    #expect(row(plain, "pf") != nil && row(plain, "pf") != row(neighbours, "pf"))
  }

  @Test func aMissingVenueIsRefusedWithItsPath() {
    let assessment = Assessment(venuePath: "/nonexistent/venue")
    do {
      _ = try assessment.run()
      Issue.record("a missing venue was assessed")
    } catch {
      #expect("\(error)".contains("/nonexistent/venue"), "\(error)")
    }
  }
}
