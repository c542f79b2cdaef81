import FingerpostCore
import Foundation

/// The radio propagation model and its parameters (COST 231 multi-wall style, log-distance).
///
/// Defaults: reference power at 1 m −30 dBm (2.4 GHz) / −39 dBm (5 GHz), exponent 3.0, light
/// walls 3.4 dB, heavy walls 6.9 dB, floors 17 dB (2.4 GHz) / 27 dB (5 GHz), shadowing σ 6 dB
/// with a 5 m decorrelation distance, fading σ 2 dB, device offsets N(0, 3 dB), detection 40 %
/// at −92 dBm and 94 % at −50 dBm, nothing below −100 dBm, scans every 2 s with 40 % stale entries.
public struct PropagationModel: Sendable, Hashable, Codable {
  /// Received power at 1 m from a 2.4 GHz AP, in dBm.
  public var referencePower24 = -30.0
  /// Received power at 1 m from a 5 GHz AP, in dBm.
  public var referencePower5 = -39.0
  /// The path-loss exponent (dimensionless).
  public var exponent = 3.0
  /// Loss through a light (partition) wall, in dB.
  public var lightWallLoss = 3.4
  /// Loss through a heavy (structural, shaft or outer) wall, in dB.
  public var heavyWallLoss = 6.9
  /// Unit categories whose walls count as heavy.
  public var heavyCategories: Set<String> = [
    "stairs", "elevator", "structure", "column", "concrete", "brick", "serverroom", "nonpublic",
  ]
  /// Loss per floor of ordinal difference at 2.4 GHz, in dB.
  public var floorLoss24 = 17.0
  /// Loss per floor of ordinal difference at 5 GHz, in dB.
  public var floorLoss5 = 27.0
  /// Floor-to-floor height in metres, for the 3-D distance.
  public var floorHeight = 3.5
  /// Height of an AP above the receiver on the same floor (ceiling minus hand), in metres.
  public var antennaHeightDifference = 1.3
  /// Standard deviation of the spatially correlated shadowing, in dB.
  public var shadowingSigma = 6.0
  /// Distance over which shadowing correlation falls to 1/e, in metres.
  public var decorrelationDistance = 5.0
  /// Standard deviation of the per-scan fading, in dB.
  public var fadingSigma = 2.0
  /// Standard deviation of an offset common to every reading of one scan (the walker's body,
  /// the phone's pose, the moment), in dB; 0 by default.
  public var scanOffsetSigma = 0.0
  /// Standard deviation of an offset each AP's readings keep for a whole walk (slow fading:
  /// the people, doors and body of that visit), in dB; 0 by default.
  public var walkFadingSigma = 0.0
  /// Standard deviation of an offset every reading of one walk shares (the phone unit and how
  /// it is held that walk), in dB; 0 by default.
  public var walkOffsetSigma = 0.0
  /// Standard deviation of the per-device RSSI offset, in dB.
  public var deviceOffsetSigma = 3.0
  /// RSSI at which half the readings are missed, in dBm (logistic detection curve).
  public var detectionMidpoint = -86.61
  /// Width of the detection curve, in dB.
  public var detectionWidth = 13.30
  /// Readings below this are never reported, in dBm.
  public var sensitivity = -100.0
  /// Seconds between scans.
  public var scanInterval = 2.0
  /// Share of a scan's entries that are stale copies from the previous scan (0…1).
  public var staleShare = 0.4
  /// Spacing of the precomputed radio grid, in metres.
  public var gridSpacing = 1.0
  /// APs more than this many floors away are not heard at all.
  public var maximumFloors = 2
  /// How far below the sensitivity (beyond four fading deviations) a field is still kept, in
  /// dB: devices whose offset plus sensitivity shift stays within it are simulated exactly.
  public var audibilityMargin = 20.0

  /// The default model.
  public init() {}

  /// Reference power at 1 m for a band, in dBm.
  public func referencePower(_ band: Band) -> Double {
    band == .ghz2_4 ? referencePower24 : referencePower5
  }

  /// Loss per floor for a band, in dB.
  public func floorLoss(_ band: Band) -> Double {
    band == .ghz2_4 ? floorLoss24 : floorLoss5
  }

  /// Mean received power in dBm before shadowing: log-distance path loss, walls and floors.
  public func meanPower(
    referencePower: Double, horizontalDistance: Double, floors: Int, lightWalls: Int,
    heavyWalls: Int, band: Band
  ) -> Double {
    let vertical = Double(floors) * floorHeight + antennaHeightDifference
    let distance = max(
      1, (horizontalDistance * horizontalDistance + vertical * vertical).squareRoot())
    return referencePower - 10 * exponent * log10(distance) - Double(lightWalls) * lightWallLoss
      - Double(heavyWalls) * heavyWallLoss - Double(floors) * floorLoss(band)
  }

  /// Probability that a reading of `rssi` dBm is reported in a scan.
  public func detectionProbability(_ rssi: Double) -> Double {
    guard rssi >= sensitivity else { return 0 }
    return 1 - 1 / (1 + exp((rssi - detectionMidpoint) / detectionWidth))
  }
}
