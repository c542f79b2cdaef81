// A document's size in bytes does not bound the memory its values take: a few kilobytes of
// `[0,0,0,…]`, or a gzip of them, become millions of values. Parsers of untrusted input bound
// the count of values and the nesting as well.

extension JSONParser {
  /// Bounds on what one document may hold; exceeding one is a syntax error at that point.
  public struct Limits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects.
    public var depth: Int
    /// The most values (objects, arrays, strings, numbers, literals, each member and element
    /// counted).
    public var values: Int

    /// Limits of `depth` levels and `values` values (by default 512 levels and no bound on
    /// the count).
    public init(depth: Int = 512, values: Int = .max) {
      self.depth = depth
      self.values = values
    }
  }
}
