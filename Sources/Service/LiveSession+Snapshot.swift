import DequeModule
import FingerpostCore
import Foundation
import Store
import Workflows

extension LiveSession {
  /// The session's state after batch `batch` (its place among the accepted ones), as the
  /// store keeps it: the filter's (`TrackingSession.Snapshot`), the fix numbering, the fixes
  /// kept for readers. Nil when a later batch was taken meanwhile (the state would not be
  /// that batch's).
  public func snapshot(after batch: Int) -> SessionSnapshot? {
    guard batch == batches - 1, let state = tracking.snapshot() else { return nil }
    var w = BinaryWriter()
    w.integer(Int64(sequence))
    w.integer(Int64(dropped))
    w.integer(UInt32(history.count))
    for fix in history {
      w.integer(Int64(fix.sequence))
      w.string(fix.line)
    }
    w.byteArray([UInt8](state.bytes))
    return SessionSnapshot(sequence: batch, bytes: w.data)
  }

  /// Opens the session again from `snapshot` and the batches accepted after it (in their
  /// order): the same state, fixes and numbering as the session it was taken from. Refused,
  /// with nothing changed, when the snapshot cannot be read or does not fit the session; a
  /// batch after it that fails leaves the session part-restored (the caller opens a new one).
  public func restore(_ snapshot: SessionSnapshot, then accepted: [Data]) throws {
    var r = BinaryReader(snapshot.bytes, file: "session \(id)'s snapshot")
    func count() throws(FingerpostError) -> Int {
      let value = try r.integer(Int64.self)
      guard value >= 0, value <= Int64(Int32.max) else { throw r.error("a count is damaged") }
      return Int(value)
    }
    let sequence = try count()
    let dropped = try count()
    var history = Deque<SessionFix>()
    for _ in 0..<(try r.count(of: 12)) {
      history.append(SessionFix(sequence: try count(), line: try r.string()))
    }
    let state = try TrackingSession.Snapshot(
      bytes: Data(try r.byteArray()), file: "session \(id)'s snapshot")
    guard r.isAtEnd, history.count <= Self.historyLimit else {
      throw r.error("bytes after the snapshot's end")
    }
    try tracking.restore(state)
    self.sequence = sequence
    self.dropped = dropped
    self.history = history
    batches = snapshot.sequence + 1
    restoredFrom = snapshot.sequence
    try restore(accepted)
  }
}
