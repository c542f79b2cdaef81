import Synchronization

/// Writes submitted at about the same time, committed together: the first submitter writes
/// every item waiting (one transaction, one flush to disk) while later ones queue for the next
/// group. Each submitter returns when its item is durable, or with the group's error.
final class GroupCommit<Item: Sendable>: Sendable {
  struct State: ~Copyable {
    var waiting: [(item: Item, done: CheckedContinuation<Void, any Error>)] = []
    var writing = false
  }

  let state = Mutex(State())
  /// Writes a group, in the order submitted, in one transaction.
  let write: @Sendable ([Item]) async throws -> Void

  /// Groups writes for `write`.
  init(write: @escaping @Sendable ([Item]) async throws -> Void) {
    self.write = write
  }

  /// Returns when `item` is written with its group.
  func submit(_ item: Item) async throws {
    try await withCheckedThrowingContinuation { done in
      let leads = state.withLock { state in
        state.waiting.append((item, done))
        if state.writing { return false }
        state.writing = true
        return true
      }
      if leads { Task { await self.writeGroups() } }
    }
  }

  /// Writes the waiting items, group after group, until none are left.
  func writeGroups() async {
    while true {
      let group = state.withLock { state in
        let taken = state.waiting
        state.waiting = []
        if taken.isEmpty { state.writing = false }
        return taken
      }
      if group.isEmpty { return }
      do {
        try await write(group.map(\.item))
        for member in group { member.done.resume() }
      } catch {
        for member in group { member.done.resume(throwing: error) }
      }
    }
  }
}
