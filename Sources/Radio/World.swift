import FloorPlans
import Geometry
import Randomness
import Synchronization

/// The simulated radio truth of a venue: access points, the propagation model, and each AP's
/// mean RSSI over the floor plans it can reach. Only the simulator sees it.
///
/// Fields are computed lazily, a floor plan at a time when a scan on it first needs them (a
/// walk that stays on two levels never computes the others), and kept only where their AP can
/// be heard (`RadioField`). The values do not depend on the order plans are computed in.
public struct World: Sendable {
  /// One AP audible on a plan, with its field there.
  public struct Audible: Sendable {
    /// Index into `accessPoints`.
    public let accessPoint: Int
    /// The AP's mean RSSI over the plan.
    public let field: RadioField
  }

  /// The venue's floor plans.
  public let plans: FloorPlanSet
  /// The propagation model.
  public let model: PropagationModel
  /// Every AP radio.
  public let accessPoints: [AccessPoint]
  /// The seed the shadowing was drawn from.
  public let seed: UInt64
  /// A real survey the fields are conditioned on, if any: near its cells each AP's shadowing
  /// is what the survey heard there (`ShadowingEvidence`), drawn only for what it leaves.
  public let survey: SurveyMeans?
  /// Per plan, the radio spots (APs sharing a position) that reach it, each with the stream
  /// its shadowing is drawn from.
  let spots: [[Spot]]
  /// The fields computed so far, per plan.
  let cache: FieldCache

  /// Sets up the world, drawing shadowing from `seed` (conditioned on `survey` where it
  /// went, when given); no field is computed yet.
  public init(
    plans: FloorPlanSet, accessPoints: [AccessPoint], model: PropagationModel, seed: UInt64,
    survey: SurveyMeans? = nil
  )
    throws(RandomnessError)
  {
    self.plans = plans
    self.model = model
    self.accessPoints = accessPoints
    self.seed = seed
    self.survey = survey
    _ = try RandomGenerator(seed: seed)
    // Radios at one spot share walls and shadowing. Streams are numbered by first appearance
    // over the APs in order, then the plans each reaches.
    var stream: [SpotKey: Int] = [:]
    var spots = [[Spot]](repeating: [], count: plans.plans.count)
    var slot: [SpotKey: Int] = [:]
    for (a, ap) in accessPoints.enumerated() {
      for p in Self.reachablePlans(
        from: ap.floor.index, in: plans, maximumFloors: model.maximumFloors)
      {
        let key = SpotKey(plan: p, apPlan: ap.floor.index, x: ap.position.x, y: ap.position.y)
        if let s = slot[key] {
          spots[p][s].accessPoints.append(a)
        } else {
          let number = stream.count
          stream[key] = number
          slot[key] = spots[p].count
          spots[p].append(
            Spot(position: ap.position, floor: ap.floor, stream: number, accessPoints: [a]))
        }
      }
    }
    self.spots = spots
    cache = FieldCache(plans: plans.plans.count)
  }

  /// The APs heard on `floor`, in the order of `accessPoints`, with their fields there
  /// (computed on first use).
  public func audible(on floor: FloorID) throws(RandomnessError) -> [Audible] {
    if let ready = cache.fields(plan: floor.index) { return ready }
    let computed = try computeFields(plan: floor.index)
    return cache.store(computed, plan: floor.index)
  }

  /// Computes the fields of every plan now (e.g. before timing something else).
  public func computeAll() throws(RandomnessError) {
    for floor in plans.floors { _ = try audible(on: floor) }
  }

  /// Plans of the same building(s) within `maximumFloors` ordinals of plan `p`.
  static func reachablePlans(from p: Int, in plans: FloorPlanSet, maximumFloors: Int) -> [Int] {
    let home = plans.plans[p]
    return plans.plans.indices.filter { q in
      let other = plans.plans[q]
      let sameBuilding = q == p || !Set(home.buildingIDs).isDisjoint(with: other.buildingIDs)
      return sameBuilding && abs(other.ordinal - home.ordinal) <= maximumFloors
    }
  }

  /// The mean RSSI (dBm, shadowing included, no fading or device offset) of AP `a` at `point` on
  /// `floor`, or `nil` when the AP cannot be heard there.
  public func meanRSSI(accessPoint a: Int, floor: FloorID, at point: Point) throws(RandomnessError)
    -> Double?
  {
    try audible(on: floor).first { $0.accessPoint == a }?.field.value(at: point)
  }

  /// APs at one position on one floor, seen from one plan.
  struct Spot: Sendable {
    let position: Point
    let floor: FloorID
    let stream: Int
    var accessPoints: [Int]
  }

  private struct SpotKey: Hashable {
    let plan: Int
    let apPlan: Int
    let x: Double
    let y: Double
  }
}

/// The fields of a world's plans computed so far, shared by every copy of the world.
final class FieldCache: Sendable {
  private let state: Mutex<[[World.Audible]?]>

  init(plans: Int) {
    state = Mutex(Array(repeating: nil, count: plans))
  }

  func fields(plan p: Int) -> [World.Audible]? {
    state.withLock { $0[p] }
  }

  /// Keeps `fields` for plan `p` unless another task stored them first; returns the kept ones.
  func store(_ fields: [World.Audible], plan p: Int) -> [World.Audible] {
    state.withLock { cached in
      if let earlier = cached[p] { return earlier }
      cached[p] = fields
      return fields
    }
  }
}
