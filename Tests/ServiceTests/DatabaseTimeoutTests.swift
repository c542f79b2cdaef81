import FingerpostCore
import Service
import TestSupport
import Testing

/// A service's statement deadline is checked where the service starts, not only by the
/// command line: a configuration made in code with no deadline, a negative one or NaN fails.
@Suite struct DatabaseTimeoutTests {
  @Test func aServiceRefusesADeadlineThatIsNotPositiveAndBounded() async throws {
    let folder = try TemporaryFolder("database-timeout")
    defer { folder.remove() }
    for bad in [0, -1, .nan, .infinity, ServiceConfiguration.longestDatabaseTimeout + 1] {
      var configuration = ServiceConfiguration(dataFolder: folder.appending("\(bad)").path)
      configuration.databaseTimeout = bad
      await #expect("\(bad)") {
        _ = try await FingerprintService(configuration: configuration)
      } throws: { error in
        (error as? FingerpostError)?.field == "database-timeout"
      }
    }
    var configuration = ServiceConfiguration(dataFolder: folder.appending("longest").path)
    configuration.databaseTimeout = ServiceConfiguration.longestDatabaseTimeout
    _ = try await FingerprintService(configuration: configuration)
  }
}
