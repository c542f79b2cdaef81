import Foundation
import Geometry

/// What the survey ingester learns, per level: for every AP heard there, its expected RSSI, the
/// spread of that expectation and its detection probability on a grid over the level, plus the
/// aggregated survey points for kNN. Values are laid out cell-major for fast likelihoods.
public struct RadioMap: Sendable {
  /// The file format version this tool writes and reads.
  public static let formatVersion = 1

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
    /// The likelihood table, cell-major: for cell `c` and AP slot `j`, at `(c * n + j) * 3`, the
    /// expected RSSI (dBm), the inverse scale of its Student-t (1/dB), and a constant folding the
    /// t's normaliser and the detection log-odds. Stored as is in the map file.
    public var table: [Float]
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

    /// The expected RSSI (dBm) of AP slot `j` in `cell`.
    public func expectedRSSI(cell: Int, slot j: Int) -> Double {
      Double(table[(cell * accessPoints.count + j) * 3])
    }

    /// The spread (dB) of AP slot `j` in `cell`: the predictive standard deviation, without the
    /// map's measurement noise.
    public func spread(cell: Int, slot j: Int, measurementSigma: Double) -> Double {
      let scale = 1 / Double(table[(cell * accessPoints.count + j) * 3 + 1])
      return max(scale * scale - measurementSigma * measurementSigma, 0).squareRoot()
    }

    /// The detection probability (0…1) of AP slot `j` in `cell`.
    public func detectionProbability(cell: Int, slot j: Int) -> Double {
      let i = (cell * accessPoints.count + j) * 3
      let logit = Double(table[i + 2]) - LikelihoodTable.logNormaliser - log(Double(table[i + 1]))
      return 1 / (1 + exp(-logit))
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
  /// Per level, the slot of each map-wide AP index (−1: not on that level).
  let slots: [[Int32]]

  /// Creates a map.
  public init(
    bssids: [String], levels: [Level], origin: GeoCoordinate?, frame: String?, sources: [String],
    measurementSigma: Double
  ) {
    self.bssids = bssids
    self.levels = levels
    self.origin = origin
    self.frame = frame
    self.sources = sources
    self.measurementSigma = measurementSigma
    slots = levels.map { level in
      var slots = [Int32](repeating: -1, count: bssids.count)
      for (j, a) in level.accessPoints.enumerated() { slots[Int(a)] = Int32(j) }
      return slots
    }
  }

  /// Index of each BSSID.
  public var bssidIndex: [String: Int32] {
    Dictionary(uniqueKeysWithValues: bssids.enumerated().map { ($1, Int32($0)) })
  }
}
