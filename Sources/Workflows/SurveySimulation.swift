import FingerpostCore
import Fingerprints
import IMDF
import Radio
import Simulation

/// A site survey simulated in a radio world, as `fingerpost survey simulate` makes one: a
/// surveyor's walk over the venue, or single scans at random walkable points (a test set).
public struct SurveySimulation: Sendable {
  /// The world file.
  public var worldFile: String
  /// The venue, when not the one the world file names.
  public var venuePath: String?
  /// Metres between survey stops.
  public var spacing = 2.0
  /// Scans recorded at each stop.
  public var scansPerStop = 2
  /// Seed of the surveyor's device and scan noise.
  public var seed: UInt64 = 1
  /// Instead of a walk: this many single scans at random walkable points.
  public var randomPoints: Int?

  /// A simulation in the world of `worldFile`.
  public init(worldFile: String) {
    self.worldFile = worldFile
  }

  /// The simulated survey, its header naming the venue's identity.
  public func run() throws(FingerpostError) -> SurveyFile {
    let (world, venuePath) = try World.load(file: worldFile, venue: self.venuePath)
    let simulator = SurveySimulator(world: world, spacing: spacing, scansPerStop: scansPerStop)
    let name = Venue.identity(ofArchiveAt: venuePath)
    do {
      if let randomPoints {
        return try simulator.randomPoints(randomPoints, seed: seed, venueName: name)
      }
      return try simulator.run(seed: seed, venueName: name)
    } catch {
      throw FingerpostError(.invalidValue, field: "seed", "\(error)")
    }
  }
}
