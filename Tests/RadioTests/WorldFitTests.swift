import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Randomness
import Testing

@testable import Radio

/// A world fitted to a survey simulated in a known world gives that world back.
@Suite struct WorldFitTests {
  /// The office world with chosen parameters, a survey every 1.5 m of its walkable space (two
  /// scans a point, no stale entries), and the fit.
  static let fit = fitted(fading: 2.5, scanOffset: 0)

  /// The fit of a survey in the office world with `fading` and `scanOffset` spreads (dB).
  static func fitted(
    fading: Double, scanOffset: Double, selectionRounds: Int = 3, stale: Double = 0,
    walkFading: Double = 0, walkOffset: Double = 0, walks: Int = 1
  ) -> (truth: World, fit: WorldFit) {
    let plans = Fixtures.office
    var model = Fixtures.lightModel
    model.exponent = 2.6
    model.shadowingSigma = 4
    model.fadingSigma = fading
    model.scanOffsetSigma = scanOffset
    model.staleShare = stale
    model.walkFadingSigma = walkFading
    model.walkOffsetSigma = walkOffset
    let aps = AccessPointPlacement(density: 0.15, bands: [.ghz2_4]).place(in: plans, model: model)
    let world = try! World(plans: plans, accessPoints: aps, model: model, seed: 5)
    let simulator = ScanSimulator(
      world: world, device: Device(name: "phone", offset: 0),
      generator: try! RandomGenerator(seed: 6))
    let index = Dictionary(uniqueKeysWithValues: aps.enumerated().map { ($1.bssid, $0) })
    var samples: [WorldFit.Sample] = []
    var time = 0.0
    for walk in 0..<walks {
      if walk > 0 { simulator.startWalk() }
      time += 600
      for floor in plans.floors {
        let bounds = plans[floor].walkableBounds!
        var y = bounds.min.y + 0.75
        while y < bounds.max.y {
          var x = bounds.min.x + 0.75
          while x < bounds.max.x {
            let p = Point(x: x, y: y)
            if plans[floor].isWalkable(p) {
              for _ in 0..<2 {
                time += 2
                let scan = try! simulator.scan(at: p, floor: floor, time: time)
                samples.append(
                  WorldFit.Sample(
                    floor: floor, point: p, time: time,
                    readings: scan.readings.map { (index[$0.bssid]!, $0.rssi) }, walk: walk))
              }
            }
            x += 1.5
          }
          y += 1.5
        }
      }
    }
    let radios = aps.map { WorldFit.Radio(bssid: $0.bssid, band: $0.band, frequency: $0.frequency) }
    var settings = WorldFit.Settings()
    settings.bootstrap = 8
    settings.selectionRounds = selectionRounds
    return (
      world, try! WorldFit(plans: plans, radios: radios, samples: samples, settings: settings)
    )
  }

  @Test func theSharedParametersComeBack() {
    let (truth, fit) = Self.fit
    #expect(abs(fit.model.exponent - truth.model.exponent) < 0.4)
    #expect(abs(fit.model.fadingSigma - truth.model.fadingSigma) < 0.5)
    #expect(abs(fit.model.shadowingSigma - truth.model.shadowingSigma) < 1.5)
    #expect(abs(fit.model.scanInterval - 2) < 1e-9)
    #expect(fit.fitted.isSuperset(of: ["exponent", "fading_sigma", "shadowing_sigma"]))
    #expect(fit.standardErrors["exponent"].map { $0 > 0 && $0 < 0.5 } == true)
    // Fading alone: no offset common to a scan.
    #expect(fit.model.scanOffsetSigma < 1)
  }

  @Test func anOffsetCommonToEachScanIsToldFromFading() {
    let (truth, fit) = Self.fitted(fading: 2, scanOffset: 4)
    #expect(abs(fit.model.scanOffsetSigma - truth.model.scanOffsetSigma) < 1)
    #expect(abs(fit.model.fadingSigma - truth.model.fadingSigma) < 0.7)
    #expect(fit.fitted.contains("scan_offset_sigma"))
    // The world file carries it.
    let text = WorldFile.text(
      venue: "office", seed: 3, model: fit.model, accessPoints: fit.placed.map(\.accessPoint),
      plans: Fixtures.office, comments: [])
    let file = try? WorldFile(text: text, url: URL(fileURLWithPath: "/tmp/world.yaml"))
    #expect(file.map { abs($0.model.scanOffsetSigma - fit.model.scanOffsetSigma) < 0.01 } == true)
  }

  @Test func accessPointsAreFoundWhereTheyAre() {
    let (truth, fit) = Self.fit
    let errors = fit.placed.map { placed -> Double in
      let ap = truth.accessPoints.first { $0.bssid == placed.accessPoint.bssid }!
      return placed.accessPoint.floor == ap.floor
        ? placed.accessPoint.position.distance(to: ap.position) : 100
    }.sorted()
    #expect(fit.placed.count + fit.unplaced.count == truth.accessPoints.count)
    #expect(fit.placed.count >= truth.accessPoints.count * 3 / 4)
    #expect(errors[errors.count / 2] < 3)
  }

  @Test func heldOutReadingsAreScored() {
    let fit = Self.fit.fit
    #expect(fit.cellCounts.heldOut > 0 && fit.cellCounts.training > fit.cellCounts.heldOut)
    #expect(fit.heldOut.readings > 100)
    // Shadowing 4 dB and fading 2.5 dB: the mean model cannot beat about 4.7 dB, nor miss far.
    #expect(fit.heldOut.rms > 3.5 && fit.heldOut.rms < 7)
    #expect(fit.heldOut.p90 > fit.heldOut.rms)
    // A cell mean averages fading out: closer to the model than single readings.
    #expect(fit.heldOutCells.readings > 0 && fit.heldOutCells.rms < fit.heldOut.rms)
    // In a world the model describes, the error is what its fitted spreads expect.
    #expect(abs(fit.heldOut.expected - (16 + 2.5 * 2.5).squareRoot()) < 1)
    #expect(abs(fit.heldOut.rms - fit.heldOut.expected) < 1.2)
    #expect(abs(fit.readingNoise - 2.5) < 0.7)
  }

  @Test func staleEntriesAreToldFromRepeatedReadings() {
    // No stale entries: readings that happen to repeat the last scan's are chance.
    #expect(Self.fit.fit.model.staleShare < 0.03)
    #expect(Self.fit.fit.fitted.contains("stale_share"))
    let stale = Self.fitted(fading: 2.5, scanOffset: 0, stale: 0.3).fit.model.staleShare
    #expect(abs(stale - 0.3) < 0.05, "fitted \(stale)")
  }

  @Test func slowFadingIsToldFromWalksThroughOnePlace() {
    // One walk: nothing to compare, nothing fitted.
    #expect(Self.fit.fit.model.walkFadingSigma == 0)
    #expect(!Self.fit.fit.fitted.contains("walk_fading_sigma"))
    // Two walks through every place, each AP 3 dB off its field for a walk: told from how much
    // more two walks' readings at one place differ than one walk's, and not counted as shadowing.
    let fit = Self.fitted(fading: 2.5, scanOffset: 0, walkFading: 3, walks: 2).fit
    #expect(abs(fit.model.walkFadingSigma - 3) < 0.8, "slow fading \(fit.model.walkFadingSigma)")
    #expect(abs(fit.model.shadowingSigma - 4) < 1.5, "shadowing \(fit.model.shadowingSigma)")
    #expect(fit.fitted.contains("walk_fading_sigma"))
    // The bootstrap refits the same spreads: its resamples centre on them, slow fading taken
    // out of the shadowing there too (with it left in they centred on √(4² + 3²) = 5 dB).
    for (key, value) in [
      ("shadowing_sigma", fit.model.shadowingSigma), ("fading_sigma", fit.model.fadingSigma),
    ] {
      let centre = fit.bootstrapMedians[key] ?? .nan
      #expect(abs(centre - value) < 0.4, "\(key): bootstrap \(centre), fit \(value)")
    }
    // No walk offset drawn: none fitted to speak of, and the scan offset kept.
    #expect(fit.model.walkOffsetSigma < 1, "walk offset \(fit.model.walkOffsetSigma)")
  }

  @Test func anOffsetEachWalkKeepsIsToldFromTheScans() {
    // Three walks through every place, each 3 dB off for the whole walk on top of a 2 dB offset
    // each scan draws: the cells' offset is split into the two.
    let fit = Self.fitted(fading: 2, scanOffset: 2, walkOffset: 3, walks: 3).fit
    #expect(abs(fit.model.walkOffsetSigma - 3) < 1, "walk offset \(fit.model.walkOffsetSigma)")
    #expect(abs(fit.model.scanOffsetSigma - 2) < 1, "scan offset \(fit.model.scanOffsetSigma)")
    #expect(fit.fitted.contains("walk_offset_sigma"))
    // The walks' offsets are the phones': no device offset on top.
    #expect(fit.model.deviceOffsetSigma == 0 && fit.fitted.contains("device_offset_sigma"))
    #expect(Self.fit.fit.model.deviceOffsetSigma == PropagationModel().deviceOffsetSigma)
    // The world file carries it.
    let text = WorldFile.text(
      venue: "office", seed: 3, model: fit.model, accessPoints: fit.placed.map(\.accessPoint),
      plans: Fixtures.office, comments: [])
    let file = try? WorldFile(text: text, url: URL(fileURLWithPath: "/tmp/world.yaml"))
    #expect(file.map { abs($0.model.walkOffsetSigma - fit.model.walkOffsetSigma) < 0.01 } == true)
  }

  @Test func faintReadingsAreFittedForWhatDetectionLeaves() {
    // Fitted to the reported readings as they are, faint APs look stronger than they are and
    // the path loss flattens; less the excess detection leaves, the exponent comes back.
    let corrected = Self.fit.fit.model.exponent
    let plain = Self.fitted(fading: 2.5, scanOffset: 0, selectionRounds: 0).fit.model.exponent
    #expect(abs(corrected - 2.6) < abs(plain - 2.6), "corrected \(corrected), plain \(plain)")
  }

  @Test func theShadowingOfFittedCellsPredictsHeldOutReadingsBetter() {
    let fit = Self.fit.fit
    #expect(fit.heldOutConditioned.readings == fit.heldOut.readings)
    // Shadowing correlated over metres is partly known next to a fitted cell; fading is not.
    #expect(fit.heldOutConditioned.rms < fit.heldOut.rms - 0.3)
    #expect(fit.heldOutConditioned.rms > 2.4)
    #expect(fit.heldOutConditioned.expected < fit.heldOut.expected)
    #expect(fit.heldOutConditioned.expected > fit.readingNoise)
  }

  @Test func theWorldFileReadsBack() throws {
    let fit = Self.fit.fit
    let text = WorldFile.text(
      venue: "office", seed: 3, model: fit.model, accessPoints: fit.placed.map(\.accessPoint),
      plans: Fixtures.office, comments: ["fitted"])
    let file = try WorldFile(text: text, url: URL(fileURLWithPath: "/tmp/world.yaml"))
    #expect(abs(file.model.exponent - fit.model.exponent) < 0.01)
    let aps = try file.accessPoints(on: Fixtures.office)
    #expect(aps.count == fit.placed.count)
    #expect(aps.first?.floor == fit.placed.first?.accessPoint.floor)
    #expect(
      abs((aps.first?.referencePower ?? 0) - (fit.placed.first?.accessPoint.referencePower ?? 1))
        < 0.01)
  }
}

/// How far an AP counts for the losses.
@Suite struct WorldFitReachTests {
  /// Cells every metre along x from the AP at the origin; those in `heard` heard it.
  static func reach(heard: (Double) -> Bool) -> Double {
    let cells = (0..<60).map {
      WorldFit.Cell(
        floor: 0, point: Geometry.Point(x: Double($0) + 0.5, y: 0), scans: 1, heldOut: false)
    }
    let hearing = Set(cells.indices.filter { heard(cells[$0].point.x) })
    return WorldFit.Work.reach(
      from: .zero, cells: Array(cells.indices), heard: hearing, in: cells)
  }

  @Test func reachEndsWhereMostCellsStopHearing() {
    // Heard everywhere within 20 m, then in one cell in five: the 20-25 m ring ends it.
    #expect(Self.reach { x in x < 20 || Int(x) % 5 == 0 } == 20)
    // Two cells in five is still below half of all.
    #expect(Self.reach { x in x < 22 } == 20)
    #expect(Self.reach { _ in true } == .infinity)
  }

  @Test func theFiveNearestHearingCellsAlwaysCount() {
    // Heard in every third cell only: the share never falls by half, but when it does the
    // five nearest cells that heard it stay in reach.
    #expect(Self.reach { x in Int(x) % 3 == 0 } == .infinity)
    #expect(Self.reach { x in x > 30 && x < 36 } >= 35)
  }
}
