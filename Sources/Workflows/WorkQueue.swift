import FingerpostCore
import Foundation
import Synchronization

/// Runs `count` jobs on up to `workers` threads, each taking the next job as it finishes one:
/// the results in job order, or the first failure in job order. `finished` is told (jobs done,
/// the job just done) as each ends.
func runJobs<T: Sendable>(
  _ count: Int, workers: Int?, finished: @Sendable (Int, Int) -> Void = { _, _ in },
  _ job: @Sendable (Int) throws(FingerpostError) -> T
) throws(FingerpostError) -> [T] {
  let results = Mutex<[Int: Result<T, FingerpostError>]>([:])
  let next = Mutex(0)
  let done = Mutex(0)
  let threads = max(1, min(workers ?? ProcessInfo.processInfo.activeProcessorCount, count))
  DispatchQueue.concurrentPerform(iterations: threads) { _ in
    while true {
      let index = next.withLock { n -> Int in
        defer { n += 1 }
        return n
      }
      guard index < count else { return }
      let result = Result { () throws(FingerpostError) in try job(index) }
      results.withLock { $0[index] = result }
      let total = done.withLock { n -> Int in
        n += 1
        return n
      }
      finished(total, index)
    }
  }
  return try results.withLock { all throws(FingerpostError) in
    try (0..<count).map { i throws(FingerpostError) in try all[i]!.get() }
  }
}
