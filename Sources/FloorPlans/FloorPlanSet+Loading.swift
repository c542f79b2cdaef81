import FingerpostCore
import IMDF

extension FloorPlanSet {
  /// The floor plans of the IMDF archive (folder or `.zip`) at `path`.
  public init(venueAt path: String, nonpublicWalkable: Bool = false) throws(FingerpostError) {
    self.init(venue: try VenueLoader.load(path: path), nonpublicWalkable: nonpublicWalkable)
  }
}
