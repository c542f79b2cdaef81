import FingerpostCore
import Foundation
import ZIPFoundation

/// A zipped archive: ZIPFoundation lists its entries, and each file's bytes are inflated from
/// memory with ZIPFoundation's public inflater, fed by a provider that refuses to read past the
/// entry (ZIPFoundation's own extraction loops forever on a deflate stream cut short) and hands
/// zlib whole chunks (the inflater tells zlib every chunk is full: a short one was read past). A single
/// top folder inside the zip is allowed; no file inflates beyond `maximumFileSize`, whatever its
/// header claims, and every file's CRC-32 is checked.
struct ZipSource: ArchiveSource {
  /// The largest file this reads out of an archive, bytes (IMDF files of large venues are tens
  /// of megabytes; a file is held twice while it is parsed).
  static let maximumFileSize = 128 << 20

  /// The archive's bytes.
  let bytes: Data
  let entries: [String: Entry]
  let fileNames: [String]

  init(url: URL) throws {
    try self.init(
      data: try Data(contentsOf: url), archive: try Archive(url: url, accessMode: .read))
  }

  init(data: Data, archive: Archive) throws {
    bytes = data
    let files = archive.filter { $0.type == .file && !$0.path.hasPrefix("__MACOSX/") }
    // Archives made by zipping a folder put every file under "folder/": strip that prefix.
    let prefix =
      files.first(where: { $0.path.hasSuffix("manifest.json") })
      .map { String($0.path.dropLast("manifest.json".count)) } ?? ""
    var entries: [String: Entry] = [:]
    for entry in files where entry.path.hasPrefix(prefix) {
      let name = String(entry.path.dropFirst(prefix.count))
      guard !name.contains("/"), !name.hasPrefix(".") else { continue }
      entries[name] = entry
    }
    self.entries = entries
    fileNames = entries.keys.sorted()
  }

  func data(of name: String) throws -> Data {
    guard let entry = entries[name] else { throw CocoaError(.fileNoSuchFile) }
    func damaged(_ message: String) -> FingerpostError {
      FingerpostError(.malformed, file: name, message)
    }
    guard entry.uncompressedSize <= UInt64(Self.maximumFileSize) else {
      throw FingerpostError(
        .invalidValue, file: name,
        "inflates to \(entry.uncompressedSize) bytes, more than \(Self.maximumFileSize)")
    }
    guard let start = dataOffset(of: entry), entry.compressedSize <= UInt64(bytes.count - start)
    else {
      throw damaged("its data lies outside the archive")
    }
    let stored = bytes[(bytes.startIndex + start)...].prefix(Int(entry.compressedSize))
    var data = Data()
    if !entry.isCompressed {
      data = Data(stored)
    } else {
      var offset = stored.startIndex
      _ = try Data.decompress(
        size: Int64(stored.count), bufferSize: 64 * 1024, skipCRC32: true,
        provider: { _, size in
          guard offset < stored.endIndex else { throw damaged("its deflate stream ends early") }
          let end = min(offset + size, stored.endIndex)
          defer { offset = end }
          // ZIPFoundation tells zlib every chunk is `size` bytes long: a short last chunk is
          // padded with zeros (a stream that ends reads none of them; one that does not fails).
          var chunk = Data(stored[offset..<end])
          if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
          return chunk
        },
        consumer: { chunk in
          guard data.count + chunk.count <= Self.maximumFileSize else {
            throw FingerpostError(
              .invalidValue, file: name, "inflates to more than \(Self.maximumFileSize) bytes")
          }
          data.append(chunk)
        })
    }
    guard data.crc32(checksum: 0) == entry.checksum else {
      throw damaged("its CRC-32 does not match its contents")
    }
    return data
  }

  /// Where an entry's stored bytes start: after its local file header (30 bytes, its name and
  /// its extra field), the first local header in the archive that carries its name.
  func dataOffset(of entry: Entry) -> Int? {
    let name = Array(entry.path.utf8)
    let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    return bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
      let b = raw.bindMemory(to: UInt8.self)
      func uint16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
      var i = 0
      while i + 30 + name.count <= b.count {
        if b[i] == signature[0], b[i + 1] == signature[1], b[i + 2] == signature[2],
          b[i + 3] == signature[3], uint16(i + 26) == name.count,
          (0..<name.count).allSatisfy({ b[i + 30 + $0] == name[$0] })
        {
          let start = i + 30 + name.count + uint16(i + 28)
          return start <= b.count ? start : nil
        }
        i += 1
      }
      return nil
    }
  }
}
