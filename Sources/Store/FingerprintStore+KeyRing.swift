import FingerpostCore

extension FingerprintStore {
  /// Adds `key`, refusing a key the store has already (by its hash), which `field` names.
  public func addNewKey(_ key: APIKey, field: String = "key") async throws {
    if try await self.key(hash: key.hash) != nil {
      throw FingerpostError(.invalidValue, field: field, "that key exists already")
    }
    try await addKey(key)
  }

  /// The hash of the stored key `text` names: the key itself, or the prefix `keys list` shows
  /// (with or without its trailing "…") when no other key has it.
  public func keyHash(named text: String) async throws -> String {
    let hash = APIKey.hash(text)
    if try await key(hash: hash) != nil { return hash }
    let prefix = text.hasSuffix("…") ? String(text.dropLast()) : text
    let matching = try await keys().filter { !prefix.isEmpty && $0.prefix == prefix }
    guard matching.count == 1, let only = matching.first else {
      throw FingerpostError(
        .notFound, field: "key",
        matching.isEmpty
          ? "no key \(text) (give the key, or its prefix from keys list)"
          : "\(matching.count) keys have the prefix \(prefix): give the whole key")
    }
    return only.hash
  }
}
