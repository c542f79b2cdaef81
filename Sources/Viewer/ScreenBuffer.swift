/// One character cell of the screen.
public struct ScreenCell: Sendable, Hashable {
  /// What the cell shows (one column wide).
  public var character: Character
  /// How it is drawn.
  public var style: Style

  /// A blank cell.
  public static let blank = ScreenCell(character: " ", style: .plain)
}

/// A frame as a grid of cells: written by the renderer, turned into ANSI for the terminal or
/// into plain text for tests.
public struct ScreenBuffer: Sendable, Equatable {
  /// Width in cells.
  public let columns: Int
  /// Height in cells.
  public let rows: Int
  private var cells: [ScreenCell]

  /// A blank buffer of `columns` × `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    cells = Array(repeating: .blank, count: self.columns * self.rows)
  }

  /// The cell at (`column`, `row`); out of range cells read as blank and ignore writes.
  public subscript(column: Int, row: Int) -> ScreenCell {
    get {
      guard contains(column, row) else { return .blank }
      return cells[row * columns + column]
    }
    set {
      guard contains(column, row) else { return }
      cells[row * columns + column] = newValue
    }
  }

  /// Whether (`column`, `row`) is on the screen.
  public func contains(_ column: Int, _ row: Int) -> Bool {
    column >= 0 && row >= 0 && column < columns && row < rows
  }

  /// Writes `text` from (`column`, `row`) to the right, clipped at `limit` columns (the screen's
  /// edge by default); returns the column after the last character written.
  @discardableResult
  public mutating func write(
    _ text: String, at column: Int, _ row: Int, style: Style, limit: Int? = nil
  ) -> Int {
    let end = min(limit ?? columns, columns)
    var c = column
    for character in text where c < end {
      self[c, row] = ScreenCell(character: character, style: style)
      c += 1
    }
    return c
  }

  /// Fills a rectangle with `character` in `style`.
  public mutating func fill(
    columns range: Range<Int>, rows rowRange: Range<Int>, character: Character = " ", style: Style
  ) {
    for row in rowRange {
      for column in range { self[column, row] = ScreenCell(character: character, style: style) }
    }
  }

  /// The text of row `row`, trailing blanks removed.
  public func line(_ row: Int) -> String {
    var text = String((0..<columns).map { self[$0, row].character })
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The whole frame as plain text, one line a row.
  public var text: String {
    (0..<rows).map(line).joined(separator: "\n")
  }

  /// The frame as terminal output: each row from its first column with the fewest style
  /// changes, no clearing (so nothing flickers); with `previous` of the same size on screen,
  /// only the rows that differ from it.
  public func ansi(colors: Bool, previous: ScreenBuffer? = nil) -> String {
    let unchanged = { (row: Int) -> Bool in
      guard let previous, previous.columns == self.columns, previous.rows == self.rows else {
        return false
      }
      let range = (row * self.columns)..<((row + 1) * self.columns)
      return previous.cells[range] == self.cells[range]
    }
    var out = ""
    var current: Style?
    for row in 0..<rows where !unchanged(row) {
      out += "\u{1B}[\(row + 1);1H"
      for column in 0..<columns {
        let cell = cells[row * columns + column]
        if cell.style != current {
          out += cell.style.escape(colors: colors)
          current = cell.style
        }
        out.append(cell.character)
      }
    }
    return out + "\u{1B}[0m"
  }
}
