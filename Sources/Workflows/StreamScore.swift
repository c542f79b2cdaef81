import FingerpostCore
import FloorPlans
import IMDF
import Scoring

/// Fixes of event streams scored against their truth: what `fingerpost score` prints.
public enum StreamScore {
  /// The score of the truth in `sources[0]` against the fixes of the last source (one source
  /// holds both), on the venue at `venuePath` when given (for the walkable-space, wall and door
  /// metrics). Streams of different venues, or of another venue than `venuePath`, are refused.
  public static func score(
    _ sources: [StreamFile], venuePath: String? = nil,
    percentiles: PercentileMethod = .linear
  ) throws(FingerpostError) -> Score {
    guard let first = sources.first, let last = sources.last else {
      throw FingerpostError(.noData, "no event streams to score")
    }
    let names = Set(sources.compactMap(\.venue))
    if names.count > 1 {
      throw FingerpostError(
        .mismatch,
        "the streams are for different venues: "
          + sources.map { "\($0.path): \($0.venue ?? "?")" }.joined(separator: ", "))
    }
    var venue: FloorPlanScoringVenue?
    if let venuePath {
      let name = Venue.identity(ofArchiveAt: venuePath)
      if let streamVenue = names.first, streamVenue != name {
        throw FingerpostError(
          .mismatch, "the streams are for venue '\(streamVenue)', the venue given is '\(name)'")
      }
      venue = FloorPlanScoringVenue(plans: try FloorPlanSet(venueAt: venuePath))
    }
    var scorer = Scorer()
    scorer.percentiles = percentiles
    return try scorer.score(truth: first.truth, fixes: last.fixes, venue: venue)
  }
}
