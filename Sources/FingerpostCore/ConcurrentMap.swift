import Foundation
import Synchronization

/// `work(k)` for each k in `0..<count`, each on a worker of its own
/// (`DispatchQueue.concurrentPerform`: the machine's cores), the results in order of k.
public func concurrentMap<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
  let results = Mutex([T?](repeating: nil, count: count))
  DispatchQueue.concurrentPerform(iterations: count) { k in
    let value = work(k)
    results.withLock { $0[k] = value }
  }
  return results.withLock { $0.map { $0! } }
}
