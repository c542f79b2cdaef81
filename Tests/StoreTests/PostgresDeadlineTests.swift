import Foundation
import Testing

@testable import Store

/// A PostgreSQL statement gets a deadline: past it the caller gets `StoreUnavailable` at once,
/// and the statement is abandoned, not waited for (one whose connection died may never answer).
@Suite struct PostgresDeadlineTests {
  @Test(.enabled(if: StoreKind.postgresURL != nil))
  func aStatementPastItsDeadlineIsAbandonedNotAwaited() async throws {
    let server = try await StoreUnderTest(.postgres)
    let store = try #require(try await server.open() as? PostgresStore)
    let clock = ContinuousClock()
    let start = clock.now
    await #expect(throws: StoreUnavailable.self) {
      // Ignores cancellation: only an abandoned body lets the caller go on.
      try await store.withDeadline(.milliseconds(100)) {
        let until = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < until { try? await Task.sleep(for: .milliseconds(20)) }
        return 1
      }
    }
    #expect(clock.now - start < .seconds(2))
    // A statement within its deadline answers as usual.
    #expect(try await store.withDeadline(.seconds(5)) { 42 } == 42)
    #expect(try await store.keys().isEmpty)
    await server.remove([store])
  }
}
