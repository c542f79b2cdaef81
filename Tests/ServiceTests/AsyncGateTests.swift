import Synchronization
import Testing

@testable import Service

/// The gate that loads uploaded venues one at a time: never more than its width run at once,
/// and every waiting task gets its turn.
@Suite struct AsyncGateTests {
  final class Counters: Sendable {
    let state = Mutex((running: 0, most: 0, done: 0))
  }

  @Test(arguments: [1, 3])
  func neverMoreThanItsWidthRunAtOnceAndAllFinish(width: Int) async throws {
    let gate = AsyncGate(width: width)
    let counters = Counters()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<40 {
        group.addTask {
          try await gate.run {
            counters.state.withLock {
              $0.running += 1
              $0.most = max($0.most, $0.running)
            }
            try await Task.sleep(for: .milliseconds(2))
            counters.state.withLock {
              $0.running -= 1
              $0.done += 1
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let final = counters.state.withLock { $0 }
    #expect(final.done == 40 && final.running == 0)
    #expect(final.most == width)
  }

  @Test func aFailingTaskGivesItsPlaceBack() async throws {
    let gate = AsyncGate(width: 1)
    struct Failure: Error {}
    await #expect(throws: Failure.self) { try await gate.run { throw Failure() } }
    #expect(try await gate.run { 7 } == 7)
  }
}
