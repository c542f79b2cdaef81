import Foundation
import Geometry

/// What the survey ingester learns, per level: for every AP heard there, its expected RSSI, the
/// spread of that expectation and its detection probability on a grid over the level, kept over
/// the block of cells where the AP can be heard (quantized to 4 bytes a cell), plus the
/// aggregated survey points for kNN.
public struct RadioMap: Sendable {
  /// The file format version this tool writes and reads.
  public static let formatVersion = 4

  /// One level of the map.
  public struct Level: Sendable {
    /// A building label (IMDF building id or a dataset's building number), if any.
    public var building: String?
    /// The floor ordinal.
    public var ordinal: Int
    /// The IMDF level id, when the map was built against a venue.
    public var levelID: String?
    /// The grid's south-west cell centre, metres.
    public var origin: Point
    /// Cell size in metres.
    public var spacing: Double
    /// Cells along x.
    public var columns: Int
    /// Cells along y.
    public var rows: Int
    /// Whether each cell is in the mapped area (walkable space, or near the survey).
    public var inside: [Bool]
    /// The APs of this level, as indices into `RadioMap.bssids`.
    public var accessPoints: [Int32]
    /// Per AP slot, the block of cells where it can be heard (elsewhere: its model, or `Entry.unmapped` off the mapped area).
    public var blocks: [Block]
    /// The entries of every block, block after block. Stored as is in the map file.
    public var entries: [Entry]
    /// Per AP slot, its model: the expectation outside its block.
    public var models: [AccessPointModel]
    /// Per cell, the kernel-weighted number of survey scans around it.
    public var surveyWeight: [Float]
    /// Per cell, the factor on every AP's detection prior there (≤ 1): what brings the APs the
    /// models expect down to the number a scan of the survey reports.
    public var priorScale: [Float]
    /// log P(every AP of the level missed) per cell.
    public var baseline: [Float]
    /// The aggregated survey points of this level.
    public var points: [SurveyPoint]

    /// The cell index of `p` (clamped to the grid).
    @inlinable
    public func cell(at p: Point) -> Int {
      let c = min(max(Int(((p.x - origin.x) / spacing).rounded()), 0), columns - 1)
      let r = min(max(Int(((p.y - origin.y) / spacing).rounded()), 0), rows - 1)
      return r * columns + c
    }

    /// The centre of cell `cell`.
    public func center(of cell: Int) -> Point {
      Point(
        x: origin.x + Double(cell % columns) * spacing,
        y: origin.y + Double(cell / columns) * spacing)
    }

    /// The expectation of AP slot `j` in `cell`: its entry inside its block; outside, its model
    /// on mapped cells, and −100 dBm, 10 dB, 0.1 % on unmapped ones.
    public func expectation(cell: Int, slot j: Int, priorWeight: Double) -> (
      rssi: Double, spread: Double, detection: Double
    ) {
      if let e = blocks[j].entry(column: cell % columns, row: cell / columns) {
        return (entries[e].rssi, entries[e].spread, entries[e].detection)
      }
      guard inside[cell] else {
        return (Entry.unmapped.rssi, Entry.unmapped.spread, Entry.unmapped.detection)
      }
      return models[j].expectation(
        at: center(of: cell), surveyWeight: Double(surveyWeight[cell]), priorWeight: priorWeight,
        priorScale: Double(priorScale[cell]))
    }

    /// A label such as `building 1, ordinal 2`.
    public var label: String {
      (building.map { "building \($0.count > 8 ? String($0.prefix(8)) : $0), " } ?? "")
        + "ordinal \(ordinal)"
    }
  }

  /// One surveyed place: where, how many scans, and the mean RSSI of each AP heard there.
  public struct SurveyPoint: Sendable, Hashable {
    /// The position, metres.
    public var position: Point
    /// Scans aggregated into this point.
    public var scans: Int
    /// (AP index into `RadioMap.bssids`, mean RSSI dBm, share of scans that heard it).
    public var readings: [Observation]
  }

  /// One AP at a survey point.
  public struct Observation: Sendable, Hashable {
    /// Index into `RadioMap.bssids`.
    public var accessPoint: Int32
    /// Mean RSSI when heard, dBm.
    public var rssi: Float
    /// Share of the point's scans that heard the AP (0…1).
    public var detection: Float
  }

  /// Every BSSID in the map.
  public let bssids: [String]
  /// The levels.
  public let levels: [Level]
  /// The WGS84 origin of the map's metric frame, when known.
  public var origin: GeoCoordinate?
  /// The frame name when not a venue frame (e.g. `EPSG:3857`).
  public var frame: String?
  /// The surveys that built the map (file names and scan counts).
  public var sources: [String]
  /// Measurement noise added to every spread, dB.
  public let measurementSigma: Double
  /// The pseudo-count of scans the detection prior weighs as (`RadioMapBuilder.priorWeight`).
  public let priorWeight: Double
  /// Index of each BSSID in `bssids`.
  public let bssidIndex: [String: Int32]
  /// Per level, the slot of each map-wide AP index (−1: not on that level).
  let slots: [[Int32]]
  /// How entries decode for the likelihood.
  let decoder: Decoder
  /// Per level and AP slot, the model outside the AP's block, ready for the likelihood.
  let farModels: [[FarModel]]

  /// Creates a map.
  public init(
    bssids: [String], levels: [Level], origin: GeoCoordinate?, frame: String?, sources: [String],
    measurementSigma: Double, priorWeight: Double = 1
  ) {
    self.bssids = bssids
    bssidIndex = Dictionary(bssids.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
    self.levels = levels
    self.origin = origin
    self.frame = frame
    self.sources = sources
    self.measurementSigma = measurementSigma
    self.priorWeight = priorWeight
    decoder = Decoder(measurementSigma: measurementSigma)
    farModels = levels.map { level in
      level.models.map { FarModel($0, measurementSigma: measurementSigma) }
    }
    slots = levels.map { level in
      var slots = [Int32](repeating: -1, count: bssids.count)
      for (j, a) in level.accessPoints.enumerated() { slots[Int(a)] = Int32(j) }
      return slots
    }
  }

  /// The expected RSSI (dBm), spread (dB, without the measurement noise) and detection
  /// probability of AP slot `j` of level `level` in `cell`.
  public func expectation(level: Int, cell: Int, slot j: Int) -> (
    rssi: Double, spread: Double, detection: Double
  ) {
    levels[level].expectation(cell: cell, slot: j, priorWeight: priorWeight)
  }

}
