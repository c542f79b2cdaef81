import FingerpostCore
import FloorPlans
import Foundation
import IMDF
import Radio

extension World {
  /// The world of a world file on the venue it names (or `venue`, when given), and the venue's
  /// path.
  public static func load(file: String, venue override: String? = nil) throws(FingerpostError)
    -> (world: World, venuePath: String)
  {
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
    do {
      return (try worldFile.makeWorld(plans: plans), venuePath)
    } catch let error as FingerpostError {
      throw error
    } catch {
      throw FingerpostError(.invalidValue, file: file, "the world cannot be built (\(error))")
    }
  }
}
