import FloorPlans
import Foundation
import IMDF
import Radio
import TestSupport

/// A light world on the sample office for debug-build tests: few APs, a 2 m grid.
enum Fixtures {
  static let office = FloorPlanSet(
    venue: try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office")))

  static let lightModel: PropagationModel = {
    var model = PropagationModel()
    model.gridSpacing = 2
    return model
  }()

  static let lightWorld: World = {
    let aps = AccessPointPlacement(density: 0.15).place(in: office, model: lightModel)
    return try! World(plans: office, accessPoints: aps, model: lightModel, seed: 11)
  }()
}
