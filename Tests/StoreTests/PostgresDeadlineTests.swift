import Foundation
import Synchronization
import Testing

@testable import Store

/// A PostgreSQL statement gets a deadline: past it the caller gets `StoreUnavailable` at once,
/// and the statement is abandoned, not waited for (one whose connection died may never answer).
@Suite struct PostgresDeadlineTests {
  @Test(.enabled(if: StoreKind.postgresURL != nil))
  func aStatementPastItsDeadlineIsAbandonedNotAwaited() async throws {
    let server = try await StoreUnderTest(.postgres)
    let store = try #require(try await server.open() as? PostgresStore)
    // The body ignores cancellation and runs until released (or a minute passes): the caller
    // can only get its answer before then if the body was abandoned.
    let gate = Mutex((released: false, finished: false))
    await #expect(throws: StoreUnavailable.self) {
      try await store.withDeadline(.milliseconds(100)) {
        let until = ContinuousClock.now + .seconds(60)
        while !gate.withLock({ $0.released }) && ContinuousClock.now < until {
          try? await Task.sleep(for: .milliseconds(20))
        }
        gate.withLock { $0.finished = true }
        return 1
      }
    }
    #expect(!gate.withLock { $0.finished })
    gate.withLock { $0.released = true }
    // A statement within its deadline answers as usual.
    #expect(try await store.withDeadline(.seconds(30)) { 42 } == 42)
    #expect(try await store.keys().isEmpty)
    await server.remove([store])
  }
}
