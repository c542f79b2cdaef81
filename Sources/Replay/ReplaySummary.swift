import EventStream
import FingerpostCore
import Fingerprints
import FloorPlans
import Geometry
import Localization
import Scoring
import Simulation

/// How a replay went: its fixes against the truth in force at each (2 Hz, causal), and the
/// inputs the localizer could not use. The scoring command reports far more; this is the quick
/// look printed after every replay.
public struct ReplaySummary: Sendable, CustomStringConvertible {
  /// The localizer's name.
  public var localizer: String
  /// Fixes written.
  public var fixes = 0
  /// Fixes that had a truth record to compare with.
  public var scored = 0
  /// 75th percentile of the horizontal error, metres (nil without truth).
  public var p75: Double?
  /// The IPIN/EvAAL headline: 75th percentile of the horizontal error plus 15 m per floor
  /// missed, metres (nil without truth).
  public var evaalScore: Double?
  /// Share of scored fixes on the true floor, 0…1.
  public var floorRate = 0.0
  /// Share of scored fixes in the true unit, 0…1, over those whose truth names a unit (nil
  /// when none does, as in a recorded walk imported without its venue).
  public var unitRate: Double?
  /// Fix-to-fix segments on one floor that cross a wall.
  public var wallCrossings = 0
  /// Scans in which no access point of the radio map was heard (empty ones included).
  public var unusableScans = 0
  /// Steps with a length or heading that is not a finite number.
  public var unusableSteps = 0
  /// Lines of a recorded stream that could not be read.
  public var badLines = 0

  /// Compares `fixes` with the truth of `walk`.
  public init(
    localizer: String, fixes: [Fix], walk: Walk, plans: FloorPlanSet
  ) {
    self.localizer = localizer
    self.fixes = fixes.count
    badLines = walk.badLines
    var errors: [Double] = []
    var penalized: [Double] = []
    var floors = 0
    var units = 0
    var unitJudged = 0
    for fix in fixes {
      guard let truth = walk.truth(at: fix.t) else { continue }
      let error = fix.position.distance(to: truth.position)
      errors.append(error)
      penalized.append(error + 15 * Double(abs(fix.ordinal - truth.ordinal)))
      if fix.ordinal == truth.ordinal { floors += 1 }
      if let unit = truth.unitID {
        unitJudged += 1
        if fix.unitID == unit { units += 1 }
      }
    }
    scored = errors.count
    if !errors.isEmpty {
      p75 = PercentileMethod.linear.quantile(errors, 0.75)
      evaalScore = PercentileMethod.linear.quantile(penalized, 0.75)
      floorRate = Double(floors) / Double(scored)
      unitRate = unitJudged > 0 ? Double(units) / Double(unitJudged) : nil
    }
    for (a, b) in zip(fixes, fixes.dropFirst()) where a.levelID == b.levelID {
      guard let floor = a.levelID.flatMap(plans.floor(levelID:)) else { continue }
      if plans[floor].crossesWall(Segment(a.position, b.position)) { wallCrossings += 1 }
    }
  }

  public var description: String {
    var text = "\(localizer): \(fixes) fixes"
    if let p75 {
      text +=
        ", p75 error \(p75.formatted(decimals: 2)) m"
        + ", EvAAL score \((evaalScore ?? 0).formatted(decimals: 2)) m, floor \((floorRate * 100).formatted(decimals: 1)) %"
        + ", unit " + (unitRate.map { "\(($0 * 100).formatted(decimals: 1)) %" } ?? "not judged")
    }
    text += ", \(wallCrossings) fix-to-fix wall crossings"
    var unused: [String] = []
    if unusableScans > 0 { unused.append("\(unusableScans) scans with no known AP") }
    if unusableSteps > 0 {
      unused.append("\(unusableSteps) steps with NaN or over \(Int(Step.maximumLength)) m")
    }
    if badLines > 0 { unused.append("\(badLines) unreadable lines") }
    if !unused.isEmpty { text += "; not used: " + unused.joined(separator: ", ") }
    return text
  }
}
