/// What a key asks the viewer to do.
public enum ViewerAction: Sendable, Equatable {
  /// Pan by a share of the view: `dx` right, `dy` up.
  case pan(dx: Double, dy: Double)
  /// Zoom in (above 1) or out.
  case zoom(Double)
  /// Follow the latest fix again (level and position).
  case follow
  /// Show the whole venue.
  case fit
  /// Show the next level up (+1) or down (−1), pinned.
  case stepLevel(Int)
  /// Show the level with this ordinal, pinned.
  case level(ordinal: Int)
  /// A live layer on or off.
  case toggle(Layer)
  /// Stop or resume showing new input (it keeps being read and buffered).
  case pause
  /// The help overlay on or off.
  case help
  /// Close the help overlay if it is open.
  case dismiss
  case quit

  /// The live layers a key can toggle.
  public enum Layer: String, Sendable, CaseIterable {
    case trail, accuracy, truth, particles, labels
  }

  /// The action bound to `key`, or nil.
  public init?(key: Key) {
    switch key {
    case .up, .character("k"): self = .pan(dx: 0, dy: 0.125)
    case .down, .character("j"): self = .pan(dx: 0, dy: -0.125)
    case .left, .character("h"): self = .pan(dx: -0.125, dy: 0)
    case .right, .character("l"): self = .pan(dx: 0.125, dy: 0)
    case .character("+"), .character("="): self = .zoom(1.5)
    case .character("-"), .character("_"): self = .zoom(1 / 1.5)
    case .character("f"): self = .follow
    case .character("0"): self = .fit
    case .character("]"): self = .stepLevel(1)
    case .character("["): self = .stepLevel(-1)
    case .character("g"): self = .level(ordinal: 0)
    case .character(let c) where ("1"..."9").contains(c):
      self = .level(ordinal: c.wholeNumberValue!)
    case .character("t"): self = .toggle(.trail)
    case .character("a"): self = .toggle(.accuracy)
    case .character("r"): self = .toggle(.truth)
    case .character("p"): self = .toggle(.particles)
    case .character("n"): self = .toggle(.labels)
    case .character(" "): self = .pause
    case .character("?"): self = .help
    case .character("q"), .character("Q"), .interrupt: self = .quit
    case .escape: self = .dismiss
    default: return nil
    }
  }

  /// The key list of the help overlay and the README.
  public static let helpLines = [
    "arrows / h j k l   pan",
    "+ / -              zoom in / out",
    "f                  follow the fix",
    "0                  fit the venue",
    "[ / ]              level down / up",
    "g, 1-9             ground, level N",
    "t a r p n          trail, accuracy,",
    "                   truth, particles, labels",
    "space              pause / resume",
    "?                  this help",
    "q, Ctrl-C          quit",
  ]
}
