import EventStream
import Geometry
import Scoring

extension TruthPoint {
  /// The scorer's view of a stream's truth record.
  init(_ r: TruthRecord) {
    self.init(
      t: r.t, ordinal: r.ordinal, position: Point(x: r.x, y: r.y), unit: r.unit,
      checkpoint: r.checkpoint)
  }
}

extension FixPoint {
  /// The scorer's view of a stream's fix record.
  init(_ r: FixRecord) {
    self.init(
      t: r.t, ordinal: r.ordinal, position: Point(x: r.x, y: r.y), unit: r.unitID,
      accuracy: r.accuracy)
  }
}
