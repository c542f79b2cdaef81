import Fingerprints
import FloorPlans

extension FloorPlanSet {
  /// The plan a radio-map level describes: the same IMDF level id, or, for a map built without a
  /// venue, the one plan at the level's ordinal.
  public func floor(of level: RadioMap.Level) -> FloorID? {
    if let id = level.levelID { return floor(levelID: id) }
    let candidates = floors(atOrdinal: level.ordinal)
    return candidates.count == 1 ? candidates[0] : nil
  }
}
