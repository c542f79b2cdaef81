import EventStream
import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import IMDF
import TestSupport
import Viewer

/// The sample office and streams made by hand for the viewer's tests.
enum Fixtures {
  static let officeVenue = try! VenueLoader.load(path: RepositoryPaths.sampleVenue("office"))
  static let office = FloorPlanSet(venue: officeVenue)

  /// A viewer state of the office on a map area of `columns` × `rows` cells.
  static func state(columns: Int = 76, rows: Int = 21) -> ViewerState {
    ViewerState(
      plans: office, places: PlaceDirectory(venue: officeVenue, plans: office),
      venueName: officeVenue.name, columns: columns, rows: rows)
  }

  /// A fix line at time `t`, position (`x`, `y`) on `ordinal`, with the unit there.
  static func fixLine(t: Double, x: Double, y: Double, ordinal: Int = 0, accuracy: Double = 2)
    -> String
  {
    let plan = office.floors(atOrdinal: ordinal).first.map { office[$0] }
    let unit = plan?.unit(at: .init(x: x, y: y))
    return StreamEncoder.line(
      .fix(
        Fix(
          t: t, position: Point(x: x, y: y), ordinal: ordinal, levelID: plan?.levelID,
          unitID: unit?.id, unitName: unit?.label, accuracy: accuracy, course: 90, speed: 1.2)))
  }

  /// A truth line.
  static func truthLine(t: Double, x: Double, y: Double, ordinal: Int = 0) -> String {
    StreamEncoder.line(
      .truth(TruthSample(t: t, ordinal: ordinal, position: Point(x: x, y: y), heading: 90)))
  }

  /// The stored snapshot `name` in `Fixtures/`.
  static func snapshotURL(_ name: String) -> URL {
    RepositoryPaths.root.appendingPathComponent("Tests/ViewerTests/Fixtures/\(name)")
  }
}
