import Foundation
import Geometry

/// What surveyed places say about one AP's shadowing near them on one floor.
///
/// Shadowing is local and repeatable: where a survey heard an AP 8 dB above the model, a point
/// a metre away is likely above it too. Each place's residual (its mean reading less the
/// model's mean, dB) is weighted as simple kriging of the exponential field the model describes
/// weighs one noisy observation: wᵢ = exp(−dᵢ/L) / (1 + η/nᵢ + ζ), L the correlation length,
/// nᵢ the readings averaged, η = (fading² + scan offset²) / shadowing² the noise of one reading
/// relative to the shadowing and ζ = slow fading² / shadowing² what one walk's readings share
/// (a place's readings are mostly of one walk, so averaging does not take it out). Where several places surround a point, the weights are pooled:
/// the expected shadowing is Σwᵢrᵢ / max(1, Σwᵢ) and the share of its variance left
/// Σwᵢ·exp(−dᵢ/L) / max(1, Σwᵢ) below one.
public struct ShadowingEvidence: Sendable {
  /// One surveyed place of the AP.
  public struct Place: Sendable, Hashable {
    /// Where, in the venue frame (metres).
    public var point: Point
    /// Its mean reading less the model's mean there, dB.
    public var residual: Double
    /// Readings averaged into the mean.
    public var readings: Int

    /// Creates a place.
    public init(point: Point, residual: Double, readings: Int) {
      (self.point, self.residual, self.readings) = (point, residual, readings)
    }
  }

  /// What the places imply at one point.
  public struct Estimate: Sendable, Hashable {
    /// The expected shadowing, dB (0 far from every place).
    public var mean: Double
    /// The share of the shadowing's variance the places leave unexplained, 0…1 (1 far from
    /// every place).
    public var remaining: Double
  }

  /// The surveyed places.
  public let places: [Place]
  /// The shadowing's correlation length, metres.
  public let decorrelation: Double
  /// The variance of one reading about its place's mean relative to the shadowing's variance
  /// (infinite when the model has no shadowing: then places say nothing).
  public let nugget: Double
  /// The variance of what one walk keeps at a place (slow fading and the walk's offset)
  /// relative to the shadowing's (0 when the model has neither).
  public let walkNugget: Double

  /// The evidence of `places` under `model`'s shadowing and what varies at one place.
  public init(places: [Place], model: PropagationModel) {
    self.places = places
    decorrelation = model.decorrelationDistance
    let shadowing = model.shadowingSigma * model.shadowingSigma
    nugget = shadowing > 0 ? model.scanNoiseVariance / shadowing : .infinity
    walkNugget = shadowing > 0 ? model.walkNoiseVariance / shadowing : 0
  }

  /// Beyond this distance from a point (three correlation lengths, metres) a place is left out.
  public var reach: Double { 3 * decorrelation }

  /// The expected shadowing at `point` and the share of its variance left.
  public func estimate(at point: Point) -> Estimate {
    guard decorrelation > 0, nugget.isFinite else { return Estimate(mean: 0, remaining: 1) }
    var sum = Sum()
    let reach = reach
    for place in places {
      let d = place.point.distance(to: point)
      guard d < reach, place.readings > 0 else { continue }
      sum.add(place, correlation: exp(-d / decorrelation), strength: strength(place))
    }
    return sum.estimate
  }

  /// How much one place's mean is trusted, 0…1: 1 / (1 + nugget / n + walkNugget) for its n
  /// readings.
  func strength(_ place: Place) -> Double {
    1 / (1 + nugget / Double(place.readings) + walkNugget)
  }

  /// The places' weights pooled at one point: Σwᵢrᵢ, Σwᵢ and Σwᵢ·correlationᵢ.
  struct Sum {
    var weighted = 0.0
    var total = 0.0
    var explained = 0.0

    /// Adds `place`, correlated with the point by `correlation`, trusted by `strength`.
    mutating func add(_ place: Place, correlation: Double, strength: Double) {
      let w = correlation * strength
      weighted += w * place.residual
      total += w
      explained += w * correlation
    }

    /// The expected shadowing and the share of its variance left.
    var estimate: Estimate {
      let scale = max(1, total)
      return Estimate(mean: weighted / scale, remaining: min(1, max(0, 1 - explained / scale)))
    }
  }
}
