import Synchronization

/// An instance's base URL, as other instances sharing the store send clients to it: the
/// configured public URL, or the listening address once the port is known.
final class InstanceAddress: Sendable {
  private let value: Mutex<String>

  /// The address `url` until it is set again.
  init(_ url: String) { value = Mutex(url) }

  /// The base URL now.
  var url: String {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}
