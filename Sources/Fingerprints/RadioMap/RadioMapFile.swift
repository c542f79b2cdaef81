import FingerpostCore
import Foundation
import Geometry

/// The radio map file: `FPRADIOMAP` magic, a format version, a JSON header (levels, BSSIDs,
/// frame, the surveys that built it), then each level's arrays as little-endian binary, ready to
/// be copied into memory. Written atomically (temporary file, then rename).
///
/// Format 2 keeps each AP only over the block of cells where it can be heard, 4 bytes a cell
/// (`RadioMap.Entry`). Format 1 (dense AP × cell tables of 12 bytes) is refused with a message
/// to rebuild the map: a survey ingests again in seconds, and it is the survey that counts.
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
      })
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
    func put(_ bytes: UnsafeRawBufferPointer) -> FingerpostError? {
      do { try file.write(bytes: bytes) } catch { return error }
      return nil
    }
    if let error = data.withUnsafeBytes(put) { throw error }
    func write<T>(_ array: [T]) throws(FingerpostError) {
      if let error = array.withUnsafeBytes(put) { throw error }
    }
    for level in map.levels {
      try write(level.inside.map { UInt8($0 ? 1 : 0) })
      try write(level.accessPoints)
      try write(
        level.blocks.flatMap { [$0.column, $0.row, $0.columns, $0.rows] })
      try write(level.entries.map(\.quarterDBm))
      try write(level.entries.map(\.spreadCode))
      try write(level.entries.map(\.detectionCode))
      try write(
        level.models.flatMap { [$0.position.x, $0.position.y, $0.power, $0.exponent, $0.spread] })
      try write(level.surveyWeight)
      try write(level.baseline)
      try write(level.points.flatMap { [$0.position.x, $0.position.y] })
      try write(level.points.flatMap { [Int32($0.scans), Int32($0.readings.count)] })
      try write(level.points.flatMap { $0.readings.map(\.accessPoint) })
      try write(level.points.flatMap { $0.readings.map(\.rssi) })
      try write(level.points.flatMap { $0.readings.map(\.detection) })
    }
    try file.commit()
  }

  private static func appendScalar<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }

  /// Reads a map; refuses another format version or a truncated file with a clear message.
  public static func read(_ url: URL) throws(FingerpostError) -> RadioMap {
    try read(try FileAccess.read(url.path, mapped: true), file: url.path)
  }

  /// Reads a map from its bytes; `file` names it in errors.
  public static func read(_ data: Data, file: String) throws(FingerpostError) -> RadioMap {
    var reader = Reader(bytes: data, file: file)
    guard reader.bytes.starts(with: magic) else {
      throw reader.error("not a Fingerpost radio map file")
    }
    reader.offset = magic.count
    let version = try reader.scalar(UInt32.self)
    guard version == RadioMap.formatVersion else {
      let rebuild =
        version < RadioMap.formatVersion
        ? " (dense tables, from an older Fingerpost): rebuild it from its survey with `fingerpost ingest`"
        : ""
      throw reader.error(
        "radio map format version \(version); this tool reads version \(RadioMap.formatVersion)"
          + rebuild, kind: .unsupportedVersion)
    }
    guard let length = Int(exactly: try reader.scalar(UInt64.self)) else {
      throw reader.error("the header length is damaged")
    }
    let json = try reader.take(length)
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: Data(json))
    } catch {
      throw reader.error("the header is damaged (\(error))")
    }
    guard header.measurementSigma.isFinite, header.measurementSigma >= 0,
      header.priorWeight.isFinite, header.priorWeight > 0
    else {
      throw reader.error("the header's measurement noise or prior weight is damaged")
    }
    guard header.origin.map({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) ?? true else {
      throw reader.error("the header's origin is not [longitude, latitude]")
    }
    var levels: [RadioMap.Level] = []
    for (index, h) in header.levels.enumerated() {
      guard h.origin.count == 2, h.origin.allSatisfy(\.isFinite), h.spacing.isFinite,
        h.spacing > 0
      else {
        throw reader.error("level \(index): origin or spacing is damaged")
      }
      // Sizes come from the file: check them before anything is allocated from them.
      guard let cells = Reader.product(h.columns, h.rows), let n = Reader.product(h.accessPoints),
        Reader.product(n, 4) != nil, Reader.product(h.entries) != nil,
        Reader.product(h.points, 2) != nil, Reader.product(h.observations) != nil
      else {
        throw reader.error("level \(index): its sizes are damaged")
      }
      let inside = try reader.array(UInt8.self, count: cells).map { $0 != 0 }
      let aps = try reader.array(Int32.self, count: n)
      let corners = try reader.array(Int32.self, count: n * 4)
      var blocks: [RadioMap.Block] = []
      var offset = 0
      for j in 0..<n {
        let (c, r, w, hgt) = (
          Int(corners[4 * j]), Int(corners[4 * j + 1]), Int(corners[4 * j + 2]),
          Int(corners[4 * j + 3])
        )
        guard c >= 0, r >= 0, w >= 0, hgt >= 0, c + w <= h.columns, r + hgt <= h.rows,
          offset + w * hgt <= h.entries
        else {
          throw reader.error("level \(index): the block of AP slot \(j) is damaged")
        }
        blocks.append(
          RadioMap.Block(
            column: Int32(c), row: Int32(r), columns: Int32(w), rows: Int32(hgt),
            offset: Int64(offset)))
        offset += w * hgt
      }
      guard offset == h.entries else {
        throw reader.error("level \(index): its blocks hold \(offset) entries, not \(h.entries)")
      }
      let rssi = try reader.array(Int16.self, count: h.entries)
      let spreads = try reader.array(UInt8.self, count: h.entries)
      let detections = try reader.array(UInt8.self, count: h.entries)
      let entries = (0..<h.entries).map {
        RadioMap.Entry(
          quarterDBm: rssi[$0], spreadCode: spreads[$0], detectionCode: detections[$0])
      }
      let parameters = try reader.array(Double.self, count: n * 5)
      guard parameters.allSatisfy(\.isFinite) else {
        throw reader.error("level \(index): an AP model is damaged")
      }
      let models = (0..<n).map { j in
        RadioMap.AccessPointModel(
          position: Point(x: parameters[5 * j], y: parameters[5 * j + 1]),
          power: parameters[5 * j + 2], exponent: parameters[5 * j + 3],
          spread: parameters[5 * j + 4])
      }
      let surveyWeight = try reader.array(Float.self, count: cells)
      let baseline = try reader.array(Float.self, count: cells)
      let xy = try reader.array(Double.self, count: h.points * 2)
      let counts = try reader.array(Int32.self, count: h.points * 2)
      let pointAPs = try reader.array(Int32.self, count: h.observations)
      let pointRSSI = try reader.array(Float.self, count: h.observations)
      let pointDetection = try reader.array(Float.self, count: h.observations)
      var points: [RadioMap.SurveyPoint] = []
      var o = 0
      for p in 0..<h.points {
        let m = Int(counts[2 * p + 1])
        guard m >= 0, o + m <= h.observations else {
          throw reader.error("survey point \(p) is damaged")
        }
        points.append(
          RadioMap.SurveyPoint(
            position: Point(x: xy[2 * p], y: xy[2 * p + 1]), scans: Int(counts[2 * p]),
            readings: (o..<(o + m)).map {
              RadioMap.Observation(
                accessPoint: pointAPs[$0], rssi: pointRSSI[$0], detection: pointDetection[$0])
            }))
        o += m
      }
      guard aps.allSatisfy({ $0 >= 0 && Int($0) < header.bssids.count }),
        pointAPs.allSatisfy({ $0 >= 0 && Int($0) < header.bssids.count })
      else {
        throw reader.error("AP index out of range")
      }
      levels.append(
        RadioMap.Level(
          building: h.building, ordinal: h.ordinal, levelID: h.levelID,
          origin: Point(x: h.origin[0], y: h.origin[1]),
          spacing: h.spacing, columns: h.columns, rows: h.rows, inside: inside, accessPoints: aps,
          blocks: blocks, entries: entries, models: models, surveyWeight: surveyWeight,
          baseline: baseline, points: points))
    }
    guard reader.offset == reader.bytes.count else {
      throw reader.error("has \(reader.bytes.count - reader.offset) unexpected trailing bytes")
    }
    return RadioMap(
      bssids: header.bssids, levels: levels,
      origin: header.origin.map { GeoCoordinate(longitude: $0[0], latitude: $0[1]) },
      frame: header.frame,
      sources: header.sources, measurementSigma: header.measurementSigma,
      priorWeight: header.priorWeight)
  }

  struct Reader {
    let bytes: Data
    let file: String
    var offset = 0

    func error(_ message: String, kind: FingerpostError.Kind = .malformed) -> FingerpostError {
      FingerpostError(kind, file: file, message)
    }

    /// The product of non-negative sizes, or nil when one is negative or it overflows.
    static func product(_ factors: Int...) -> Int? {
      var result = 1
      for f in factors {
        guard f >= 0 else { return nil }
        let (p, overflow) = result.multipliedReportingOverflow(by: f)
        if overflow { return nil }
        result = p
      }
      return result
    }

    mutating func take(_ count: Int) throws(FingerpostError) -> Data {
      guard count >= 0, count <= bytes.count - offset else {
        throw error("truncated: needs \(count) more bytes at offset \(offset), has \(bytes.count)")
      }
      defer { offset += count }
      let start = bytes.startIndex + offset
      return bytes[start..<(start + count)]
    }

    mutating func scalar<T: FixedWidthInteger>(_: T.Type) throws(FingerpostError) -> T {
      let slice = try take(MemoryLayout<T>.size)
      return T(littleEndian: slice.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
    }

    mutating func array<T>(_: T.Type, count: Int) throws(FingerpostError) -> [T] {
      guard let byteCount = Self.product(count, MemoryLayout<T>.stride) else {
        throw error("an array size is damaged")
      }
      let slice = try take(byteCount)
      return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        slice.withUnsafeBytes { raw in
          if let base = raw.baseAddress, count > 0 {
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
              from: base, byteCount: raw.count)
          }
        }
        initialized = count
      }
    }
  }
}
