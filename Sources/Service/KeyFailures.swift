import Foundation
import Synchronization

/// Failed key attempts per client address: an address that sent `limit` unknown or revoked keys
/// within a `window` is refused (429 with `Retry-After`) until that window ends, so keys cannot
/// be tried as fast as the service answers. At most `addressLimit` addresses are followed.
public final class KeyFailures: Sendable {
  struct Window {
    var start: Date
    var count: Int
  }

  /// Failed attempts an address may make in a window.
  public let limit: Int
  /// The window, seconds.
  public let window: Double
  /// The most addresses followed at once.
  public let addressLimit: Int
  let windows = Mutex<[String: Window]>([:])
  let total = Atomic<Int>(0)

  /// Limits of `limit` failures per `window` seconds per address.
  public init(limit: Int = 30, window: Double = 60, addressLimit: Int = 65_536) {
    self.limit = limit
    self.window = window
    self.addressLimit = addressLimit
  }

  /// Failed attempts counted since the service started (every address).
  public var failures: Int { total.load(ordering: .relaxed) }

  /// The addresses followed now.
  public var followed: Int { windows.withLock { $0.count } }

  /// Seconds until `address` may try keys again, nil when it may now.
  public func retryAfter(_ address: String, now: Date = Date()) -> Int? {
    windows.withLock { windows in
      guard let open = windows[address], open.count >= limit else { return nil }
      let left = window - now.timeIntervalSince(open.start)
      return left > 0 ? Int(left.rounded(.up)) : nil
    }
  }

  /// Counts a failed attempt of `address`; true when the address has now used its attempts.
  @discardableResult
  public func record(_ address: String, now: Date = Date()) -> Bool {
    total.add(1, ordering: .relaxed)
    return windows.withLock { windows in
      if var open = windows[address], now.timeIntervalSince(open.start) < window {
        open.count += 1
        windows[address] = open
        return open.count == limit
      }
      if windows[address] == nil, windows.count >= addressLimit {
        // Full: forget the windows that ended, then those not (yet) refused.
        windows = windows.filter { now.timeIntervalSince($0.value.start) < window }
        if windows.count >= addressLimit { windows = windows.filter { $0.value.count >= limit } }
        if windows.count >= addressLimit { return false }
      }
      windows[address] = Window(start: now, count: 1)
      return limit <= 1
    }
  }
}
