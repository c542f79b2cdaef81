import Synchronization

/// Writes submitted at about the same time, committed together: the first submitter writes
/// every item waiting (one transaction, one flush to disk) while later ones queue for the next
/// group. Each submitter returns its item's outcome when the item is durable, or the group's
/// error.
final class GroupCommit<Item: Sendable, Outcome: Sendable>: Sendable {
  struct State: ~Copyable {
    var waiting: [(item: Item, done: CheckedContinuation<Outcome, any Error>)] = []
    var writing = false
  }

  let state = Mutex(State())
  /// Writes a group, in the order submitted, in one transaction; each item's outcome.
  let write: @Sendable ([Item]) async throws -> [Outcome]

  /// Groups writes for `write`.
  init(write: @escaping @Sendable ([Item]) async throws -> [Outcome]) {
    self.write = write
  }

  /// Returns `item`'s outcome when it is written with its group.
  func submit(_ item: Item) async throws -> Outcome {
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
        let outcomes = try await write(group.map(\.item))
        for (member, outcome) in zip(group, outcomes) { member.done.resume(returning: outcome) }
      } catch {
        for member in group { member.done.resume(throwing: error) }
      }
    }
  }
}
