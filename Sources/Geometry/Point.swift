/// A point or vector in a venue's local metric frame: `x` east and `y` north, in metres.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Metres east of the frame origin.
  public var x: Double
  /// Metres north of the frame origin.
  public var y: Double

  /// Creates a point from east and north offsets in metres.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin of the frame.
  public static let zero = Point(x: 0, y: 0)

  /// The vector length in metres.
  @inlinable
  public var length: Double { (x * x + y * y).squareRoot() }

  /// The distance to another point in metres.
  @inlinable
  public func distance(to other: Point) -> Double { (self - other).length }

  /// The squared distance to another point in square metres (cheaper than `distance`).
  @inlinable
  public func squaredDistance(to other: Point) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return dx * dx + dy * dy
  }

  /// The dot product with another vector.
  @inlinable
  public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

  /// The z component of the cross product with another vector (positive: `other` is to the left).
  @inlinable
  public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

  /// Linear interpolation towards `other`: `t` = 0 gives `self`, 1 gives `other`.
  @inlinable
  public func interpolated(to other: Point, at t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }

  @inlinable public static func + (a: Point, b: Point) -> Point {
    Point(x: a.x + b.x, y: a.y + b.y)
  }
  @inlinable public static func - (a: Point, b: Point) -> Point {
    Point(x: a.x - b.x, y: a.y - b.y)
  }
  @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
  @inlinable public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }

  public var description: String {
    "(\(x.formatted(decimals: 2)), \(y.formatted(decimals: 2)))"
  }
}

extension Double {
  /// This value printed with a fixed number of decimals (values of 1e15 or more in magnitude,
  /// whose digits a double does not hold, as Swift prints them: `1e+300`).
  public func formatted(decimals: Int) -> String {
    guard abs(self) < 1e15 else { return String(self) }
    let scale = (0..<decimals).reduce(1.0) { partial, _ in partial * 10 }
    let rounded = (self * scale).rounded() / scale
    var text = String(rounded == 0 ? 0 : rounded)
    guard decimals > 0 else { return String(Int(rounded)) }
    if let dot = text.firstIndex(of: ".") {
      let have = text.distance(from: dot, to: text.endIndex) - 1
      if have < decimals { text += String(repeating: "0", count: decimals - have) }
    } else {
      text += "." + String(repeating: "0", count: decimals)
    }
    return text
  }
}
