import EventStream
import FingerpostCore
import Foundation
import Geometry

/// The truth and fixes of an event-stream file (or standard input), sorted by time, with the
/// lines that could not be read.
public struct StreamFile: Sendable {
  /// The path read (`-`: standard input).
  public let path: String
  /// The `meta` record's venue identity, if any.
  public var venue: String?
  /// The `meta` record's origin of the x/y frame, if any.
  public var origin: GeoCoordinate?
  /// Truth records, in time order.
  public var truth: [TruthSample] = []
  /// Fix records, in time order.
  public var fixes: [Fix] = []
  /// The lines that could not be read, each placed in the file.
  public var skipped: [FingerpostError] = []

  /// Reads `path` (`-`: standard input).
  public init(path: String) throws(FingerpostError) {
    try self.init(bytes: FileAccess.read(path), path: path)
  }

  /// Reads the stream `bytes`, named `path` in messages (`-` is named `stdin`).
  public init(bytes: Data, path: String) throws(FingerpostError) {
    self.path = path
    let name = path == "-" ? "stdin" : path
    var skipped: [FingerpostError] = []
    let records = StreamDecoder.records(in: bytes) { skipped.append($0.inFile(name)) }
    self.skipped = skipped
    for (line, record) in records {
      switch record {
      case .meta(let meta):
        venue = meta.venue ?? venue
        if let o = meta.origin {
          if let known = origin, known != o {
            throw FingerpostError(
              .mismatch, file: name, line: line,
              "its origin differs from an earlier meta record's (another venue?)")
          }
          origin = o
        }
      case .truth(let r): truth.append(r)
      case .fix(let r): fixes.append(r)
      default: break
      }
    }
    truth.sort { $0.t < $1.t }
    fixes.sort { $0.t < $1.t }
  }
}
