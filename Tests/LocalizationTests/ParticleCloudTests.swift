import Testing

@testable import Localization

@Suite struct ParticleCloudTests {
  /// A cloud of `n` particles whose every variable encodes the particle's index.
  func numbered(_ n: Int) -> ParticleCloud {
    var cloud = ParticleCloud()
    for i in 0..<n {
      let v = Double(i)
      cloud.append(
        x: v, y: -v, plan: Int32(i % 3), headingBias: v / 10, scale: 1 + v / 100, offset: -v / 2)
      cloud.climb[i] = Int8(i % 2)
      cloud.logWeight[i] = -v
    }
    return cloud
  }

  @Test func appendedParticlesStartOutsideConnectorsWithWeightOne() {
    var cloud = ParticleCloud()
    cloud.append(x: 1, y: 2, plan: 1, headingBias: 3, scale: 1.1, offset: -2)
    #expect(cloud.count == 1 && !cloud.isEmpty)
    #expect(cloud.climb == [0] && cloud.transit[0].isNaN && cloud.logWeight == [0])
  }

  @Test func aPartMovedOutAndBackKeepsEveryVariableInStep() {
    var cloud = numbered(10)
    var part = cloud[4..<7]
    #expect(part.count == 3 && part.x == [4, 5, 6] && part.plan == [1, 2, 0])
    for i in 0..<part.count {
      part.x[i] += 100
      part.logWeight[i] = 0
    }
    cloud.replaceSubrange(4..<7, with: part)
    #expect(cloud.count == 10)
    #expect(cloud.x == [0, 1, 2, 3, 104, 105, 106, 7, 8, 9])
    #expect(cloud.logWeight[3] == -3 && cloud.logWeight[4] == 0 && cloud.logWeight[7] == -7)
    #expect(cloud.y[5] == -5 && cloud.offset[6] == -3 && cloud.climb[5] == 1)
  }

  @Test func resamplingCopiesWholeParticlesAndResetsWeights() {
    let cloud = numbered(5)
    let next = cloud.resampled(at: [4, 4, 0, 2])
    #expect(next.count == 4)
    #expect(next.x == [4, 4, 0, 2] && next.y == [-4, -4, 0, -2])
    #expect(next.plan == [1, 1, 0, 2] && next.headingBias == [0.4, 0.4, 0, 0.2])
    #expect(next.scale == [1.04, 1.04, 1, 1.02] && next.offset == [-2, -2, 0, -1])
    #expect(next.climb == [0, 0, 0, 0] && next.logWeight == [0, 0, 0, 0])
  }
}
