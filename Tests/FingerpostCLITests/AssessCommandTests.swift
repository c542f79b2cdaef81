import Testing

@testable import FingerpostCLI

@Suite struct AssessCommandTests {
  @Test func absurdSettingsAreUsageErrors() {
    for arguments in [
      ["Surveys/office", "--walks", "0"], ["Surveys/office", "--survey-spacing", "0.1"],
      ["Surveys/office", "--density", "-1"], ["Surveys/office", "--particles", "5"],
      ["Surveys/office", "--kidnaps", "-1"], ["Surveys/office", "--density", "0.3,x"],
      ["Surveys/office", "--survey-spacing", "2,0.1"], ["Surveys/office", "--cell-size", "0"],
      ["Surveys/office", "--survey", "s.ndjson"],
      ["Surveys/office", "--world", "w.yaml", "--survey", "s.ndjson", "--radio-map", "m.fpmap"],
      ["Surveys/office", "--density", "0.3,0.6", "--geojson", "map.geojson"],
    ] {
      #expect(throws: (any Error).self, "\(arguments)") { try AssessCommand.parse(arguments) }
    }
  }

  @Test func theDefaultsAreTheIssuesOnes() throws {
    let command = try AssessCommand.parse(["Surveys/office"])
    #expect(command.density.values == [0.6] && command.surveySpacing.values == [2])
    #expect(command.walks == 20 && command.world == nil && command.particles == 2000)
    #expect(command.kidnaps == 10 && !command.isSweep)
  }

  @Test func commaSeparatedValuesSweep() throws {
    let command = try AssessCommand.parse(["Surveys/office", "--density", "0.3, 0.6,1.2"])
    #expect(command.density.values == [0.3, 0.6, 1.2] && command.isSweep)
    let spacing = try AssessCommand.parse(["Surveys/office", "--survey-spacing", "2,4,8"])
    #expect(spacing.surveySpacing.values == [2, 4, 8] && spacing.isSweep)
  }
}
