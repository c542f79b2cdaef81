import FingerpostCore
import Foundation
import Yams

/// A YAML (or JSON) mapping read key by key, strictly: unknown keys and wrong types are errors
/// that name the file, line and key path.
public struct YAMLMap {
  let mapping: Node.Mapping
  let file: String
  let path: String
  let line: Int?

  /// Parses `text` whose top level must be a mapping.
  public init(text: String, file: String) throws(FingerpostError) {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch {
      let message = "\(error)"
      let line = message.split(separator: ":").first.flatMap { Int($0) }
      throw FingerpostError(.malformed, file: file, line: line, "not valid YAML: \(message)")
    }
    guard let mapping = node?.mapping else {
      throw FingerpostError(
        .malformed, file: file, line: node?.mark?.line, "the top level must be a mapping")
    }
    self.init(mapping: mapping, file: file, path: "", line: node?.mark?.line)
  }

  /// Reads and parses the file at `url`.
  public init(contentsOf url: URL) throws(FingerpostError) {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw FingerpostError(
        .unreadable, file: url.path, "cannot be read: \(error.localizedDescription)")
    }
    try self.init(text: text, file: url.path)
  }

  init(mapping: Node.Mapping, file: String, path: String, line: Int?) {
    self.mapping = mapping
    self.file = file
    self.path = path
    self.line = line
  }

  /// The keys present, in file order.
  public var keys: [String] { mapping.compactMap { $0.key.string } }

  /// Throws on the first key not in `allowed`.
  public func allowOnly(_ allowed: Set<String>) throws(FingerpostError) {
    for (key, _) in mapping {
      // A key that is a collection is named by its kind: written out through reflection it
      // printed every node with its tag and resolver (seconds for a key 1,000 levels deep).
      let name =
        key.string ?? (key.mapping != nil ? "(a mapping as a key)" : "(a sequence as a key)")
      guard allowed.contains(name) else {
        throw FingerpostError(
          .invalidValue, file: file, line: key.mark?.line, field: qualified(name),
          "unknown key (expected one of: \(allowed.sorted().joined(separator: ", ")))")
      }
    }
  }

  func qualified(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  private func entry(_ key: String) -> (key: Node, value: Node)? {
    for (k, v) in mapping where k.string == key { return (k, v) }
    return nil
  }

  private func fail(_ key: String, _ node: Node, _ message: String) -> FingerpostError {
    FingerpostError(
      .invalidValue, file: file, line: node.mark?.line, field: qualified(key), message)
  }

  /// Whether `key` is present (and not null).
  public func contains(_ key: String) -> Bool {
    guard let v = entry(key)?.value else { return false }
    return !(v.scalar.map { $0.string == "null" || $0.string == "~" } ?? false)
  }

  /// A number, if present.
  public func double(_ key: String) throws(FingerpostError) -> Double? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    guard let d = v.scalar.flatMap({ Double($0.string) }), d.isFinite else {
      throw fail(key, v, "expected a number")
    }
    return d
  }

  /// An integer, if present.
  public func int(_ key: String) throws(FingerpostError) -> Int? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    guard let i = v.scalar.flatMap({ Int($0.string) }) else {
      throw fail(key, v, "expected an integer")
    }
    return i
  }

  /// A boolean, if present: YAML's `true`/`false`, `yes`/`no`, `on`/`off` in any case.
  public func bool(_ key: String) throws(FingerpostError) -> Bool? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    switch v.scalar?.string.lowercased() {
    case "true", "yes", "on", "y": return true
    case "false", "no", "off", "n": return false
    default: throw fail(key, v, "expected a boolean (true or false)")
    }
  }

  /// A string, if present (a number or boolean is taken as written).
  public func string(_ key: String) throws(FingerpostError) -> String? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    guard let s = v.scalar?.string else { throw fail(key, v, "expected a string") }
    return s
  }

  /// A list of strings, if present.
  public func strings(_ key: String) throws(FingerpostError) -> [String]? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    guard let items = v.sequence else { throw fail(key, v, "expected a list") }
    var result: [String] = []
    for item in items {
      guard let s = item.scalar?.string else { throw fail(key, item, "expected a list of strings") }
      result.append(s)
    }
    return result
  }

  /// A nested mapping, if present.
  public func map(_ key: String) throws(FingerpostError) -> YAMLMap? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    guard let m = v.mapping else { throw fail(key, v, "expected a mapping") }
    return YAMLMap(mapping: m, file: file, path: qualified(key), line: v.mark?.line)
  }

  /// A list of mappings, if present.
  public func maps(_ key: String) throws(FingerpostError) -> [YAMLMap]? {
    guard contains(key), let v = entry(key)?.value else { return nil }
    guard let items = v.sequence else { throw fail(key, v, "expected a list") }
    var result: [YAMLMap] = []
    for (i, item) in items.enumerated() {
      guard let m = item.mapping else { throw fail("\(key)[\(i)]", item, "expected a mapping") }
      result.append(
        YAMLMap(mapping: m, file: file, path: qualified("\(key)[\(i)]"), line: item.mark?.line))
    }
    return result
  }

  /// The 1-based line of `key`, else of this mapping.
  public func line(of key: String) -> Int? {
    entry(key)?.key.mark?.line ?? line
  }

  /// An error about `key` in this mapping (at the key's line when present, else the mapping's).
  public func error(
    _ key: String, kind: FingerpostError.Kind = .invalidValue, _ message: String
  ) -> FingerpostError {
    FingerpostError(
      kind, file: file, line: entry(key)?.key.mark?.line ?? line, field: qualified(key), message)
  }
}
