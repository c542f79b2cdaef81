import FingerpostCore
import Foundation
import Radio
import TestSupport
import Testing
import Workflows

/// A world whose radio fields could need more memory than there is is refused before a field is
/// computed, with the estimate and the settings that reduce it.
@Suite struct WorldMemoryTests {
  let worldFile = RepositoryPaths.root.appendingPathComponent("Surveys/office.world.yaml").path

  @Test func tooLittleMemoryIsRefusedWithTheEstimateAndTheSettings() {
    do {
      _ = try World.load(file: worldFile, memoryLimit: 1_000_000)
      Issue.record("a world needing more than 1 MB loaded")
    } catch {
      #expect(error.kind == .tooLarge && error.file == worldFile)
      #expect(error.message.contains("grid_spacing") && error.message.contains("GB of memory"))
    }
  }

  @Test func theBoundHoldsTheComputedFields() throws {
    let (world, _) = try World.load(file: worldFile)
    try world.computeAll()
    let kept = try world.plans.floors.reduce(0) { total, floor in
      try world.audible(on: floor).reduce(total) { $0 + $1.field.values.count * 4 }
    }
    #expect(kept > 0 && kept <= world.fieldMemoryBound)
    #expect(world.fieldNodes > 0)
  }

  @Test func enoughMemoryLoads() throws {
    let (world, _) = try World.load(file: worldFile, memoryLimit: 1 << 40)
    #expect(!world.accessPoints.isEmpty)
  }
}
