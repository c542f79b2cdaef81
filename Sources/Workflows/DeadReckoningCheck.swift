import FingerpostCore
import Foundation
import Geometry
import Scoring

/// How recorded dead-reckoning steps compare with the walk's ground-truth waypoints, segment by
/// segment: the steps' length against the distance between the waypoints, and the direction of
/// their sum against the bearing from one waypoint to the next.
public struct DeadReckoningCheck: Sendable, Hashable {
  /// One stretch between two consecutive waypoints.
  public struct Segment: Sendable, Hashable {
    /// Seconds at its start and end.
    public var start: Double
    public var end: Double
    /// Steps detected in it.
    public var steps: Int
    /// The distance between the waypoints and the steps' total length, metres.
    public var distance: Double
    public var stepLength: Double
    /// The steps' direction minus the waypoints' bearing, degrees in (−180, 180]; nil for
    /// segments shorter than `minimumDistance` or without steps.
    public var headingError: Double?
  }

  /// Segments shorter than this are too short for a heading, metres.
  public static let minimumDistance = 3.0

  /// Every segment, in time order.
  public var segments: [Segment]

  /// Compares `steps` with `waypoints` (seconds, metres in one frame).
  public init(steps: [Step], waypoints: [(t: Double, point: Point)]) {
    var index = 0
    segments = zip(waypoints, waypoints.dropFirst()).map { a, b in
      while index < steps.count, steps[index].t <= a.t { index += 1 }
      var count = 0
      var length = 0.0
      var sum = Point.zero
      while index < steps.count, steps[index].t <= b.t {
        let step = steps[index]
        let h = step.heading * .pi / 180
        sum = sum + Point(x: step.length * sin(h), y: step.length * cos(h))
        length += step.length
        count += 1
        index += 1
      }
      let leg = b.point - a.point
      let error =
        leg.length >= Self.minimumDistance && count > 0
        ? Bearing.difference(Bearing.of(sum), Bearing.of(leg)) : nil
      return Segment(
        start: a.t, end: b.t, steps: count, distance: leg.length, stepLength: length,
        headingError: error)
    }
  }

  /// The check of these segments (of one walk or several).
  public init(segments: [Segment]) {
    self.segments = segments
  }

  /// Steps detected between the first and the last waypoint.
  public var steps: Int { segments.reduce(0) { $0 + $1.steps } }
  /// The distance along the waypoints, metres.
  public var distance: Double { segments.reduce(0) { $0 + $1.distance } }
  /// The steps' total length, metres.
  public var stepLength: Double { segments.reduce(0) { $0 + $1.stepLength } }
  /// The heading errors of the segments long enough to have one, degrees.
  public var headingErrors: [Double] { segments.compactMap(\.headingError) }

  /// The steps' length over the distance between waypoints (0 without distance).
  public var lengthRatio: Double { distance > 0 ? stepLength / distance : 0 }

  /// The `p` quantile (linear) of the heading error's size, or of the signed error with
  /// `signed`, degrees; nil without a segment that has one.
  public func headingError(quantile p: Double, signed: Bool = false) -> Double? {
    let errors = headingErrors.map { signed ? $0 : abs($0) }
    return errors.isEmpty ? nil : PercentileMethod.linear.quantile(errors, p)
  }
}
