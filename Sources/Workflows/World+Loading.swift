import FingerpostCore
import FloorPlans
import Foundation
import IMDF
import Logging
import Radio

extension World {
  static let logger = Logger(label: "fingerpost.world")

  /// The world of a world file on the venue it names (or `venue`, when given), conditioned on
  /// the surveys it names (their bad lines skipped and logged as warnings), and the venue's
  /// path; a world whose fields could need more than `memoryLimit` bytes is refused before any
  /// is computed.
  public static func load(
    file: String, venue override: String? = nil,
    memoryLimit: Int = ProcessUsage.availableMemory
  ) throws(FingerpostError) -> (world: World, venuePath: String) {
    let worldFile = try WorldFile(contentsOf: URL(fileURLWithPath: file))
    let venuePath = override ?? worldFile.venueURL.path
    let plans: FloorPlanSet
    do {
      plans = try FloorPlanSet(venueAt: venuePath)
    } catch {
      var placed = error
      placed.message += " (the venue of \(file))"
      throw placed
    }
    let world: World
    do {
      let accessPoints = try worldFile.accessPoints(on: plans)
      var survey: SurveyMeans?
      if !worldFile.surveys.isEmpty {
        let read = try SurveyMeans.read(
          worldFile.surveyURLs, accessPoints: accessPoints, plans: plans)
        for problem in read.problems { logger.warning("\(problem) (a survey of \(file))") }
        survey = read.means
      }
      world = try worldFile.makeWorld(plans: plans, survey: survey, accessPoints: accessPoints)
    } catch let error as FingerpostError {
      throw error
    } catch {
      throw FingerpostError(.invalidValue, file: file, "the world cannot be built (\(error))")
    }
    try world.checkMemory(limit: memoryLimit, file: file)
    return (world, venuePath)
  }

  /// Refuses a world whose fields could need more than `limit` bytes, with the estimate and
  /// the settings that reduce it.
  func checkMemory(limit: Int, file: String) throws(FingerpostError) {
    let estimate = fieldMemoryBound
    guard estimate > limit else { return }
    func gigabytes(_ bytes: Int) -> String { (Double(bytes) / 1e9).formatted(decimals: 1) + " GB" }
    let millions = (Double(fieldNodes) / 1e6).formatted(decimals: 1)
    throw FingerpostError(
      .tooLarge, file: file,
      "this world's radio fields could need up to \(gigabytes(estimate)) of memory "
        + "(\(accessPoints.count) APs over \(millions) million nodes of \(model.gridSpacing) m on "
        + "\(plans.plans.count) levels) and \(gigabytes(limit)) is available; a coarser "
        + "grid_spacing (twice the size: a quarter of the memory), fewer APs (placement density) "
        + "or a smaller maximum_floors (each AP reaches fewer levels) needs less")
  }
}
