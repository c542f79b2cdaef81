import FingerpostCore
import Foundation
import JSON
import Localization
import Replay
import TestSupport
import Testing
import Workflows

/// A session fed steps of 1e300 m (a hostile client's batch, or a damaged recording) goes on
/// giving fixes inside the venue: such steps are not taken. Before, particles carried through
/// an opening to 1e300 m made the next fix trap, which would have taken the service down.
@Suite struct UnusableStepSessionTests {
  @Test func stepsOfAnAbsurdLengthAreNotTaken() throws {
    let (replay, batches) = try TrackingSessionTests.light()
    var hostile = 0
    let damaged = batches.map { batch in
      let lines = String(decoding: batch, as: UTF8.self).split(separator: "\n").map {
        line -> String in
        guard line.contains(#""type":"step""#), let range = line.range(of: #""length":"#) else {
          return String(line)
        }
        hostile += 1
        let rest = line[range.upperBound...].drop { $0 != "," && $0 != "}" }
        return line[..<range.upperBound] + "1e300" + rest
      }
      return Data(lines.joined(separator: "\n").utf8)
    }
    #expect(hostile > 20)
    let session = try TrackingSessionTests.session(replay, seed: 3)
    let fixes = try session.replay(damaged, source: "hostile").compactMap { $0 }
    #expect(fixes.count > batches.count / 2)
    let bounds = try #require(replay.plans.plans.compactMap(\.walkableBounds).first)
    for fix in fixes {
      #expect(bounds.expanded(by: 10).contains(fix.position))
    }
  }
}
