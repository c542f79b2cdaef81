/// How a screen cell is drawn: foreground and background colours (ANSI 256-colour indices) and
/// bold. Without colour only `bold` and `reverse` survive, so nothing may rely on colour alone.
public struct Style: Sendable, Hashable {
  /// Foreground colour index, or nil for the terminal's default.
  public var foreground: UInt8?
  /// Background colour index, or nil for the terminal's default.
  public var background: UInt8?
  /// Bold (also kept without colour).
  public var bold = false
  /// Reverse video (also kept without colour).
  public var reverse = false

  /// A style from its parts.
  public init(
    foreground: UInt8? = nil, background: UInt8? = nil, bold: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.reverse = reverse
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// This style with another background.
  public func on(_ background: UInt8?) -> Style {
    var s = self
    s.background = background
    return s
  }

  /// The SGR escape that selects this style from a reset state.
  func escape(colors: Bool) -> String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if reverse { codes.append("7") }
    if colors {
      if let f = foreground { codes.append("38;5;\(f)") }
      if let b = background { codes.append("48;5;\(b)") }
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

/// The viewer's palette: one place for every colour it uses.
public enum Palette {
  /// Walls and outlines.
  public static let wall = Style(foreground: 252)
  /// Doors: drawn dotted in this colour.
  public static let door = Style(foreground: 179)
  /// Unit labels.
  public static let label = Style(foreground: 250)
  /// Amenity glyphs.
  public static let amenity = Style(foreground: 117, bold: true)
  /// The latest fix.
  public static let fix = Style(foreground: 196, bold: true)
  /// The accuracy circle.
  public static let accuracy = Style(foreground: 203)
  /// The trail of recent fixes, newest first.
  public static let trail: [Style] = [
    Style(foreground: 209), Style(foreground: 166), Style(foreground: 94),
  ]
  /// The true position and the error line.
  public static let truth = Style(foreground: 46, bold: true)
  /// The particle cloud.
  public static let particles = Style(foreground: 141)
  /// Bars: title, floor picker and status.
  public static let bar = Style(foreground: 255, background: 236)
  /// The highlighted (shown) level in the floor picker.
  public static let shownLevel = Style(foreground: 16, background: 214, bold: true)
  /// The level of the latest fix in the floor picker.
  public static let fixLevel = Style(foreground: 196, background: 236, bold: true)
  /// Card and help boxes, and the card's first line.
  public static let card = Style(foreground: 255, background: 238)
  public static let cardTitle = Style(foreground: 255, background: 238, bold: true)
  /// Warnings (bad lines, no fix).
  public static let warning = Style(foreground: 214, background: 236, bold: true)
}
