import FingerpostCore
import Foundation
import Geometry

extension RadioMapFile {
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
        ? " (from an older Fingerpost): rebuild it from its survey with `fingerpost ingest`"
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
    // Where each level starts in the body, from the levels' sizes, checked before anything is
    // allocated from them.
    var starts: [Int] = []
    var total = 0
    for (index, level) in header.levels.enumerated() {
      guard level.origin.count == 2, level.origin.allSatisfy(\.isFinite),
        level.spacing.isFinite, level.spacing > 0
      else {
        throw reader.error("level \(index): origin or spacing is damaged")
      }
      guard let bytes = bodyBytes(of: level),
        case (let sum, false) = total.addingReportingOverflow(bytes)
      else {
        throw reader.error("level \(index): its sizes are damaged")
      }
      starts.append(total)
      total = sum
    }
    // The body is held in memory twice while it is decoded (its bytes, then the arrays).
    guard total <= ProcessUsage.availableMemory / 2 else {
      throw FingerpostError(
        .tooLarge, file: file,
        "the map's body is \(total / 1_000_000) MB, more than this machine's available memory "
          + "allows (\(ProcessUsage.availableMemory / 1_000_000) MB); rebuild it with a coarser "
          + "`fingerpost ingest --grid`")
    }
    let (body, end) = try CompressedChunks.decompress(
      reader.bytes, at: reader.offset, total: total, chunkSize: header.chunkSize, file: file)
    guard end == reader.bytes.count else {
      throw reader.error("has \(reader.bytes.count - end) unexpected trailing bytes")
    }
    // The levels are independent: decoded on every core.
    let levelStarts = starts
    let results = concurrentMap(header.levels.count) { index in
      Result { () throws(FingerpostError) in
        var reader = Reader(bytes: body, file: file)
        reader.offset = levelStarts[index]
        return try level(
          header.levels[index], index: index, bssids: header.bssids.count, from: &reader)
      }
    }
    var levels: [RadioMap.Level] = []
    for result in results { levels.append(try result.get()) }
    return RadioMap(
      bssids: header.bssids, levels: levels,
      origin: header.origin.map { GeoCoordinate(longitude: $0[0], latitude: $0[1]) },
      frame: header.frame,
      sources: header.sources, measurementSigma: header.measurementSigma,
      priorWeight: header.priorWeight)
  }

  /// Decodes level `index` described by `h` from the body at the reader's offset; AP indices
  /// must lie below `bssids`.
  static func level(
    _ h: Header.LevelHeader, index: Int, bssids: Int, from reader: inout Reader
  ) throws(FingerpostError) -> RadioMap.Level {
    // (`bodyBytes` has checked the sizes and their products.)
    let cells = h.columns * h.rows
    let n = h.accessPoints
    let inside = try reader.array(UInt8.self, count: cells).map { $0 != 0 }
    let aps = try reader.array(Int32.self, count: n)
    let corners = try reader.array(Int32.self, count: n * 4)
    var blocks: [RadioMap.Block] = []
    blocks.reserveCapacity(n)
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
    let entries = try reader.entries(count: h.entries)
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
    let priorScale = try reader.array(Float.self, count: cells)
    guard priorScale.allSatisfy({ $0 > 0 && $0 <= 1 }) else {
      throw reader.error("level \(index): the detection prior's scale is out of (0, 1]")
    }
    let baseline = try reader.array(Float.self, count: cells)
    let xy = try reader.array(Double.self, count: h.points * 2)
    let counts = try reader.array(Int32.self, count: h.points * 2)
    let pointAPs = try reader.array(Int32.self, count: h.observations)
    let pointRSSI = try reader.array(Float.self, count: h.observations)
    let pointDetection = try reader.array(Float.self, count: h.observations)
    var points: [RadioMap.SurveyPoint] = []
    points.reserveCapacity(h.points)
    var o = 0
    for p in 0..<h.points {
      let m = Int(counts[2 * p + 1])
      guard m >= 0, o + m <= h.observations else {
        throw reader.error("level \(index): survey point \(p) is damaged")
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
    guard aps.allSatisfy({ $0 >= 0 && Int($0) < bssids }),
      pointAPs.allSatisfy({ $0 >= 0 && Int($0) < bssids })
    else {
      throw reader.error("level \(index): AP index out of range")
    }
    return RadioMap.Level(
      building: h.building, ordinal: h.ordinal, levelID: h.levelID,
      origin: Point(x: h.origin[0], y: h.origin[1]),
      spacing: h.spacing, columns: h.columns, rows: h.rows, inside: inside, accessPoints: aps,
      blocks: blocks, entries: entries, models: models, surveyWeight: surveyWeight,
      priorScale: priorScale,
      baseline: baseline, points: points)
  }
}
