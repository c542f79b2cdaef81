import FingerpostCore
import Foundation
import Geometry

/// The radio map file: `FPRADIOMAP` magic, a format version, a JSON header (levels, BSSIDs,
/// frame, the surveys that built it), then a body of each level's arrays as little-endian
/// binary, compressed in Zstandard chunks (`CompressedChunks`). Written atomically (temporary file, then
/// rename).
///
/// Format 3 keeps each AP only over the block of cells where it can be heard, 4 bytes a cell
/// (`RadioMap.Entry`), each of the entries' fields stored as its difference from the entry
/// before (fields vary smoothly from cell to cell, so the differences compress well; lossless).
/// Format 4 adds each level's `priorScale` per cell. Formats 1 (dense AP × cell tables), 2
/// (blocks, uncompressed) and 3 (without the prior's scale) are refused with a message to
/// rebuild the map: a survey ingests again in seconds, and it is the survey that counts.
public enum RadioMapFile {
  static let magic = Array("FPRADIOMAP\n".utf8)

  struct Header: Codable {
    struct LevelHeader: Codable {
      var building: String?
      var ordinal: Int
      var levelID: String?
      var origin: [Double]
      var spacing: Double
      var columns: Int
      var rows: Int
      var accessPoints: Int
      var points: Int
      var observations: Int
      var entries: Int
    }
    var version: Int
    var bssids: [String]
    var origin: [Double]?
    var frame: String?
    var sources: [String]
    var measurementSigma: Double
    var priorWeight: Double
    var levels: [LevelHeader]
    /// Raw bytes per chunk of the compressed body.
    var chunkSize: Int
  }

  /// The bytes of a level's arrays in the body, or nil when a size is negative or overflows.
  static func bodyBytes(of level: Header.LevelHeader) -> Int? {
    let cells = Reader.product(level.columns, level.rows)
    let n = level.accessPoints
    let terms: [Int?] = [
      // inside (1), survey weight (4), prior scale (4), baseline (4)
      cells.flatMap { Reader.product($0, 13) },
      Reader.product(n, 4 + 16 + 40),  // APs, blocks, models
      Reader.product(level.entries, 4),
      Reader.product(level.points, 16 + 8),  // positions, counts
      Reader.product(level.observations, 12),
    ]
    var total = 0
    for term in terms {
      guard let term else { return nil }
      let (sum, overflow) = total.addingReportingOverflow(term)
      if overflow { return nil }
      total = sum
    }
    return total
  }

  /// Writes `map` to `url` atomically.
  public static func write(_ map: RadioMap, to url: URL) throws(FingerpostError) {
    // Streamed into a temporary file renamed over `url`: no copy of the whole map in memory.
    let file = try AtomicFileWriter(path: url.path)
    var data = Data(magic)
    appendScalar(UInt32(RadioMap.formatVersion), to: &data)
    let header = Header(
      version: RadioMap.formatVersion, bssids: map.bssids,
      origin: map.origin.map { [$0.longitude, $0.latitude] },
      frame: map.frame, sources: map.sources, measurementSigma: map.measurementSigma,
      priorWeight: map.priorWeight,
      levels: map.levels.map { level in
        Header.LevelHeader(
          building: level.building, ordinal: level.ordinal, levelID: level.levelID,
          origin: [level.origin.x, level.origin.y],
          spacing: level.spacing, columns: level.columns, rows: level.rows,
          accessPoints: level.accessPoints.count,
          points: level.points.count,
          observations: level.points.reduce(0) { $0 + $1.readings.count },
          entries: level.entries.count)
      }, chunkSize: CompressedChunks.defaultChunkSize)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json: Data
    do {
      json = try encoder.encode(header)
    } catch {
      throw FingerpostError(
        .invalidValue, file: url.path, "the header cannot be encoded (\(error))")
    }
    appendScalar(UInt64(json.count), to: &data)
    data.append(json)
    // (`withUnsafeBytes` rethrows untyped: the writer's error comes back as a value.)
    let failure = data.withUnsafeBytes { raw -> FingerpostError? in
      do throws(FingerpostError) { try file.write(bytes: raw) } catch { return error }
      return nil
    }
    if let failure { throw failure }
    let body = CompressedChunkWriter(file: file, chunkSize: header.chunkSize)
    for level in map.levels {
      try body.write(level.inside.map { UInt8($0 ? 1 : 0) })
      try body.write(level.accessPoints)
      try body.write(
        level.blocks.flatMap { [$0.column, $0.row, $0.columns, $0.rows] })
      try body.write(differences(level.entries.map(\.quarterDBm)))
      try body.write(differences(level.entries.map(\.spreadCode)))
      try body.write(differences(level.entries.map(\.detectionCode)))
      try body.write(
        level.models.flatMap { [$0.position.x, $0.position.y, $0.power, $0.exponent, $0.spread] })
      try body.write(level.surveyWeight)
      try body.write(level.priorScale)
      try body.write(level.baseline)
      try body.write(level.points.flatMap { [$0.position.x, $0.position.y] })
      try body.write(level.points.flatMap { [Int32($0.scans), Int32($0.readings.count)] })
      try body.write(level.points.flatMap { $0.readings.map(\.accessPoint) })
      try body.write(level.points.flatMap { $0.readings.map(\.rssi) })
      try body.write(level.points.flatMap { $0.readings.map(\.detection) })
    }
    try body.finish()
    try file.commit()
  }

  /// Each value less the one before it (the first less 0), wrapping.
  static func differences<T: FixedWidthInteger>(_ values: [T]) -> [T] {
    var previous: T = 0
    return values.map { value in
      defer { previous = value }
      return value &- previous
    }
  }

  private static func appendScalar<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }
}
