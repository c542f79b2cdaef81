import Testing

@testable import FingerpostCLI

@Suite struct AssessCommandTests {
  @Test func absurdSettingsAreUsageErrors() {
    for arguments in [
      ["Surveys/office", "--walks", "0"], ["Surveys/office", "--survey-spacing", "0.1"],
      ["Surveys/office", "--density", "-1"], ["Surveys/office", "--particles", "5"],
      ["Surveys/office", "--kidnaps", "-1"],
    ] {
      #expect(throws: (any Error).self, "\(arguments)") { try AssessCommand.parse(arguments) }
    }
  }

  @Test func theDefaultsAreTheIssuesOnes() throws {
    let command = try AssessCommand.parse(["Surveys/office"])
    #expect(command.density == 0.6 && command.surveySpacing == 2 && command.walks == 20)
    #expect(command.world == nil && command.particles == 2000 && command.kidnaps == 10)
  }
}
