import FingerpostCore
import Foundation
import TestSupport
import Testing
import Workflows

/// An ingest that would need more memory than there is is refused before it reads anything,
/// with the estimate and what reduces it.
@Suite struct IngestMemoryTests {
  let survey = RepositoryPaths.root.appendingPathComponent("Surveys/office.survey.ndjson").path

  @Test func tooLittleMemoryIsRefusedWithTheEstimateAndTheGrid() {
    var ingest = Ingest(surveys: [survey], venuePath: RepositoryPaths.sampleVenue("office"))
    ingest.memoryLimit = 1_000_000
    do {
      _ = try ingest.run()
      Issue.record("an ingest needing more than 1 MB ran")
    } catch {
      #expect(error.kind == .tooLarge && error.file == survey)
      #expect(error.message.contains("--grid") && error.message.contains("GB of memory"))
    }
  }

  @Test func theEstimateGrowsWithTheSurveysAndTheCells() {
    let office = Ingest.memoryEstimate(surveyBytes: 1_000_000, cells: 8_000)
    #expect(Ingest.memoryEstimate(surveyBytes: 2_000_000, cells: 8_000) > office)
    #expect(Ingest.memoryEstimate(surveyBytes: 1_000_000, cells: 32_000) > office)
  }

  @Test func enoughMemoryRuns() throws {
    var ingest = Ingest(surveys: [survey], venuePath: RepositoryPaths.sampleVenue("office"))
    ingest.memoryLimit = 1 << 40
    #expect(try ingest.run().map.levels.count == 3)
  }
}
