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

/// `first()` and `second()` on two workers; their results.
public func concurrentPair<A: Sendable, B: Sendable>(
  _ first: @Sendable () -> A, _ second: @Sendable () -> B
) -> (A, B) {
  let a = Mutex<A?>(nil)
  let b = Mutex<B?>(nil)
  DispatchQueue.concurrentPerform(iterations: 2) { k in
    if k == 0 {
      let value = first()
      a.withLock { $0 = value }
    } else {
      let value = second()
      b.withLock { $0 = value }
    }
  }
  return (a.withLock { $0! }, b.withLock { $0! })
}
