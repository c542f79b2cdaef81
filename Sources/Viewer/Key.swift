/// A key press as the viewer understands it.
public enum Key: Sendable, Hashable {
  /// A printable character.
  case character(Character)
  case up, down, left, right
  case escape, enter, tab, backspace
  /// Ctrl-C (raw mode delivers it as a byte, not a signal).
  case interrupt
  /// Any other control byte or escape sequence.
  case unknown
}
