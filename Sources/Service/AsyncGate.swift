import Synchronization

/// Lets at most `width` tasks run a piece of work at once; the others wait their turn (first
/// come, first served) without holding a thread. Bounds the memory of costly work that clients
/// can start at will, such as loading uploaded venues.
final class AsyncGate: Sendable {
  struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  /// How many may run at once.
  let width: Int
  let state = Mutex(State())

  /// A gate letting `width` through at once.
  init(width: Int) { self.width = width }

  /// Runs `body` once fewer than `width` others are running.
  func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    await enter()
    defer { leave() }
    return try await body()
  }

  private func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let admitted = state.withLock { state -> Bool in
        guard state.running < width else {
          state.waiting.append(continuation)
          return false
        }
        state.running += 1
        return true
      }
      if admitted { continuation.resume() }
    }
  }

  private func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      // The place passes to the first waiting (running stays the same).
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
