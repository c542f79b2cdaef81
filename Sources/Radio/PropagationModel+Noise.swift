import Foundation

extension PropagationModel {
  /// Variance of what varies from scan to scan at one place within a walk: fading and the
  /// scan offset, dB².
  public var scanNoiseVariance: Double {
    fadingSigma * fadingSigma + scanOffsetSigma * scanOffsetSigma
  }

  /// Variance of what a walk keeps at one place for all its scans: each AP's slow fading and
  /// the offset every reading of the walk shares, dB².
  public var walkNoiseVariance: Double {
    walkFadingSigma * walkFadingSigma + walkOffsetSigma * walkOffsetSigma
  }

  /// Variance of the offset all readings of one scan share, the scan's own and its walk's, dB².
  public var sharedOffsetVariance: Double {
    scanOffsetSigma * scanOffsetSigma + walkOffsetSigma * walkOffsetSigma
  }

  /// Variance of single readings at one place about its field, from scan to scan and walk to
  /// walk, dB²: what no prediction of a single reading can beat.
  public var readingNoiseVariance: Double { scanNoiseVariance + walkNoiseVariance }
}
