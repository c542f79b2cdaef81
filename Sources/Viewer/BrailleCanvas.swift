/// A grid of Unicode braille dots, 2 × 4 to a character cell: the viewer's drawing surface.
///
/// Dot (0, 0) is the top-left dot of the top-left cell; x grows right, y grows down. Drawing
/// outside the canvas is clipped.
public struct BrailleCanvas: Sendable, Equatable {
  /// Width in character cells.
  public let columns: Int
  /// Height in character cells.
  public let rows: Int
  /// One byte of dot bits per cell, row-major.
  private var bits: [UInt8]

  /// Dot bits of the braille block (U+2800) by position in a cell, [row][column].
  private static let dotBit: [[UInt8]] = [
    [0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80],
  ]

  /// An empty canvas of `columns` × `rows` cells.
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    bits = Array(repeating: 0, count: self.columns * self.rows)
  }

  /// Width in dots.
  public var width: Int { columns * 2 }
  /// Height in dots.
  public var height: Int { rows * 4 }

  /// Sets the dot at (`x`, `y`), if it is on the canvas.
  public mutating func set(_ x: Int, _ y: Int) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    bits[(y >> 2) * columns + (x >> 1)] |= Self.dotBit[y & 3][x & 1]
  }

  /// Sets the dots `bits` (braille bits, U+2800 order) of cell (`column`, `row`).
  public mutating func set(column: Int, row: Int, bits: UInt8) {
    guard column >= 0, row >= 0, column < columns, row < rows else { return }
    self.bits[row * columns + column] |= bits
  }

  /// Whether the dot at (`x`, `y`) is set.
  public func isSet(_ x: Int, _ y: Int) -> Bool {
    guard x >= 0, y >= 0, x < width, y < height else { return false }
    return bits[(y >> 2) * columns + (x >> 1)] & Self.dotBit[y & 3][x & 1] != 0
  }

  /// Draws a straight line of dots between two dot positions (Bresenham); with `every` above 1,
  /// only every n-th dot (a dotted line).
  public mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, every: Int = 1) {
    let dx = abs(x1 - x0)
    let dy = -abs(y1 - y0)
    let sx = x0 < x1 ? 1 : -1
    let sy = y0 < y1 ? 1 : -1
    var (x, y, error, n) = (x0, y0, dx + dy, 0)
    while true {
      if n % every == 0 { set(x, y) }
      if x == x1 && y == y1 { break }
      let e2 = 2 * error
      if e2 >= dy {
        error += dy
        x += sx
      }
      if e2 <= dx {
        error += dx
        y += sy
      }
      n += 1
    }
  }

  /// Draws a circle of `radius` dots around (`cx`, `cy`) (midpoint algorithm).
  public mutating func circle(_ cx: Int, _ cy: Int, radius: Int) {
    guard radius > 0 else { return set(cx, cy) }
    var (x, y, error) = (radius, 0, 1 - radius)
    while x >= y {
      for (px, py) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
        set(cx + px, cy + py)
      }
      y += 1
      if error < 0 {
        error += 2 * y + 1
      } else {
        x -= 1
        error += 2 * (y - x) + 1
      }
    }
  }

  /// The dot bits of cell (`column`, `row`): 0 when empty.
  public func cellBits(_ column: Int, _ row: Int) -> UInt8 {
    guard column >= 0, row >= 0, column < columns, row < rows else { return 0 }
    return bits[row * columns + column]
  }

  /// The braille character of cell (`column`, `row`), or nil when it has no dot.
  public func character(_ column: Int, _ row: Int) -> Character? {
    let b = cellBits(column, row)
    return b == 0 ? nil : Self.character(bits: b)
  }

  /// The braille character with the dots `bits` (U+2800 order).
  public static func character(bits: UInt8) -> Character {
    Character(Unicode.Scalar(0x2800 + UInt32(bits))!)
  }

  /// How many dots of cell (`column`, `row`) are set (0…8).
  public func dotCount(_ column: Int, _ row: Int) -> Int {
    cellBits(column, row).nonzeroBitCount
  }
}
