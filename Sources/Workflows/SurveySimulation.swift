import FingerpostCore
import Fingerprints
import Foundation
import Geometry
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
  /// Instead of a walk: one scan where and when each scan of this survey file was taken (a
  /// real survey's coverage, simulated in the world).
  public var stopsFrom: String?

  /// A simulation in the world of `worldFile`.
  public init(worldFile: String) {
    self.worldFile = worldFile
  }

  /// Simulates the survey straight into the file at `path` (atomically; no scan is held in
  /// memory); returns the header and the number of scans written.
  public func write(to path: String) throws(FingerpostError) -> (header: SurveyHeader, scans: Int) {
    let (world, venuePath) = try World.load(file: worldFile, venue: self.venuePath)
    let simulator = SurveySimulator(world: world, spacing: spacing, scansPerStop: scansPerStop)
    let name = Venue.identity(ofArchiveAt: venuePath)
    if stopsFrom != nil {
      let survey = try stopsSurvey(simulator, venueName: name)
      try SurveyWriter.write(survey, to: URL(fileURLWithPath: path))
      return (survey.header ?? simulator.header(seed: seed, venueName: name), survey.records.count)
    }
    if let randomPoints {
      let survey: SurveyFile
      do {
        survey = try simulator.randomPoints(randomPoints, seed: seed, venueName: name)
      } catch {
        throw FingerpostError(.invalidValue, field: "seed", "\(error)")
      }
      try SurveyWriter.write(survey, to: URL(fileURLWithPath: path))
      return (survey.header ?? simulator.header(seed: seed, venueName: name), survey.records.count)
    }
    let header = simulator.header(seed: seed, venueName: name)
    let file = try AtomicFileWriter(path: path)
    try file.write(SurveyWriter.line(header) + "\n")
    var count = 0
    try simulator.run(seed: seed) { record throws(FingerpostError) in
      try file.write(SurveyWriter.line(record) + "\n")
      count += 1
    }
    try file.commit()
    return (header, count)
  }

  /// The simulated survey, its header naming the venue's identity.
  public func run() throws(FingerpostError) -> SurveyFile {
    let (world, venuePath) = try World.load(file: worldFile, venue: self.venuePath)
    let simulator = SurveySimulator(world: world, spacing: spacing, scansPerStop: scansPerStop)
    let name = Venue.identity(ofArchiveAt: venuePath)
    if stopsFrom != nil { return try stopsSurvey(simulator, venueName: name) }
    if let randomPoints {
      do {
        return try simulator.randomPoints(randomPoints, seed: seed, venueName: name)
      } catch {
        throw FingerpostError(.invalidValue, field: "seed", "\(error)")
      }
    }
    return try simulator.run(seed: seed, venueName: name)
  }

  /// One scan at each scan of the survey `stopsFrom` that lies on a level of the world's venue
  /// (its positions carried into the venue's frame).
  func stopsSurvey(_ simulator: SurveySimulator, venueName: String?) throws(FingerpostError)
    -> SurveyFile
  {
    guard let stopsFrom else { return SurveyFile(records: []) }
    let survey = try SurveyFile(contentsOf: URL(fileURLWithPath: stopsFrom))
    let plans = simulator.world.plans
    let surveyFrame = survey.header?.origin.map(LocalFrame.init(origin:))
    let stops = survey.records.compactMap { record -> SurveySimulator.Stop? in
      guard let floor = record.floor(in: plans),
        let point = record.point(in: plans.frame, surveyFrame: surveyFrame)
      else { return nil }
      return (floor, point, record.scan.time)
    }
    guard !stops.isEmpty else {
      throw FingerpostError(
        .invalidValue, file: stopsFrom, "no scan of the survey lies on a level of the venue")
    }
    do {
      return try simulator.scans(
        at: stops, seed: seed, venueName: venueName,
        source:
          "fingerpost survey simulate --at \(URL(fileURLWithPath: stopsFrom).lastPathComponent) --seed \(seed)"
      )
    } catch {
      throw FingerpostError(.invalidValue, field: "seed", "\(error)")
    }
  }
}
