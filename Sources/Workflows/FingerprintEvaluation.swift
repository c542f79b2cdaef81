import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Scoring

/// A train/test evaluation of single-scan positioning: every test scan located against the map
/// built from the training surveys, compared with where it was taken.
public struct FingerprintEvaluation: Sendable {
  /// The method evaluated.
  public let method: Locate.Method
  /// Horizontal error of each located scan, in the map's units (metres; EPSG:3857 metres for UJI).
  public let errors: [Double]
  /// The same errors on the ground, in metres (differs from `errors` only for EPSG:3857).
  public let groundErrors: [Double]
  /// Scans whose level ordinal was right.
  public let floorHits: Int
  /// Scans whose building was right.
  public let buildingHits: Int
  /// Scans located (a scan with no known AP cannot be).
  public let located: Int
  /// Test scans in all.
  public let total: Int
  /// Time spent resolving and locating each scan, on average (seconds; single-threaded).
  public let secondsPerScan: Double

  /// Locates every record of `test` with `method` and scores it.
  public static func run(
    map: RadioMap, test: SurveyFile, plans: FloorPlanSet?, method: Locate.Method,
    locator: FingerprintLocator? = nil
  ) -> FingerprintEvaluation {
    let locator = locator ?? FingerprintLocator(map: map)
    let surveyFrame = test.header?.origin.map(LocalFrame.init(origin:))
    let target = plans?.frame ?? (map.frame == nil ? map.origin.map(LocalFrame.init(origin:)) : nil)
    var errors: [Double] = []
    var ground: [Double] = []
    var floorHits = 0
    var buildingHits = 0
    var spent = Duration.zero
    let clock = ContinuousClock()
    for record in test.records {
      guard let truth = record.point(in: target, surveyFrame: surveyFrame) else { continue }
      let started = clock.now
      let prepared = map.prepare(record.scan)
      let fix =
        method == .knn
        ? locator.nearestNeighbours(prepared) : locator.maximumLikelihoodWithOffset(prepared)?.fix
      spent += clock.now - started
      guard let fix else { continue }
      if fix.ordinal == record.ordinal { floorHits += 1 }
      let truthBuilding =
        record.building
        ?? record.levelID.flatMap { id in
          plans?.plans.first { $0.levelID == id }?.buildingIDs.first
        }
      if truthBuilding == nil || fix.building == truthBuilding { buildingHits += 1 }
      let error = fix.position.distance(to: truth)
      errors.append(error)
      // Web-Mercator metres shrink by cos(latitude) on the ground.
      let scale = map.groundScale(at: truth)
      ground.append(error * scale)
    }
    return FingerprintEvaluation(
      method: method, errors: errors, groundErrors: ground, floorHits: floorHits,
      buildingHits: buildingHits,
      located: errors.count, total: test.records.count,
      secondsPerScan: (Double(spent.components.seconds) + Double(spent.components.attoseconds)
        * 1e-18) / Double(max(test.records.count, 1)))
  }

  /// Mean error in the map's units.
  public var meanError: Double { errors.reduce(0, +) / Double(max(errors.count, 1)) }
  /// Mean error on the ground, metres.
  public var meanGroundError: Double {
    groundErrors.reduce(0, +) / Double(max(groundErrors.count, 1))
  }
  /// Share of located scans on the right floor.
  public var floorHitRate: Double { Double(floorHits) / Double(max(located, 1)) }
  /// Share of located scans in the right building.
  public var buildingHitRate: Double { Double(buildingHits) / Double(max(located, 1)) }
}
