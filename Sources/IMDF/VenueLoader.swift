import FingerpostCore
import Foundation

/// Loads an IMDF archive from a folder or `.zip`: tolerant where the meaning is clear (unknown
/// categories and properties are kept and reported), strict where it is not (a unit with no
/// level is reported and left out).
public enum VenueLoader {
  /// Loads the archive at `path` within `limits`; problems inside it become `findings` of the
  /// result.
  public static func load(path: String, limits: Limits = Limits()) throws(FingerpostError)
    -> Venue
  {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw FingerpostError(.notFound, file: path, "no such file or folder")
    }
    let source: any ArchiveSource
    do {
      source = isDirectory.boolValue ? try FolderSource(url: url) : try ZipSource(url: url)
    } catch {
      throw FingerpostError(
        .unreadable, file: path,
        isDirectory.boolValue
          ? "cannot list the folder (\(error))" : "not a readable zip archive (\(error))")
    }
    return load(source, path: path, limits: limits)
  }

  /// Loads a zipped archive from its bytes (an upload) within `limits`; `path` names it in
  /// findings.
  public static func load(zip data: Data, path: String, limits: Limits = Limits())
    throws(FingerpostError) -> Venue
  {
    // ZIPFoundation's in-memory archive leaks its stream when the bytes are not a zip; a
    // temporary file is closed on every path.
    // It is removed as soon as it is listed (the source keeps the bytes): a process killed while
    // it parses the venue leaves nothing behind. Readable by its owner only.
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("fingerpost-upload-\(UUID().uuidString).zip")
    defer { try? FileManager.default.removeItem(at: url) }
    let source: ZipSource
    do {
      guard
        FileManager.default.createFile(
          atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteUnknown) }
      source = try ZipSource(url: url)
      try? FileManager.default.removeItem(at: url)
    } catch {
      throw FingerpostError(.unreadable, file: path, "not a readable zip archive (\(error))")
    }
    return load(source, path: path, limits: limits)
  }

  /// Loads an archive held in memory (file name → bytes) within `limits`; `path` names it in
  /// findings.
  public static func load(files: [String: Data], path: String, limits: Limits = Limits())
    -> Venue
  {
    load(MemorySource(files: files), path: path, limits: limits)
  }

  static func load(_ source: any ArchiveSource, path: String, limits: Limits) -> Venue {
    var venue = Venue(path: path)
    var budget = Budget(limits: limits)
    let present = Set(source.fileNames)
    if present.contains("manifest.json") {
      if let json = read("manifest.json", from: source, into: &venue, budget: &budget),
        let object = json.objectValue
      {
        venue.manifest = Manifest(json: object)
      } else if venue.findings.last?.file != "manifest.json" {
        venue.findings.append(Finding(.error, file: "manifest.json", "is not a JSON object"))
      }
    } else {
      venue.findings.append(Finding(.error, file: "manifest.json", "required file is missing"))
    }
    for type in FeatureType.allCases where type.isRequired && !present.contains(type.fileName) {
      venue.findings.append(Finding(.error, file: type.fileName, "required file is missing"))
    }
    let imdfNames = Set(FeatureType.allCases.map(\.fileName) + ["manifest.json"])
    venue.ignoredFiles = source.fileNames.filter { !imdfNames.contains($0) }
    for name in venue.ignoredFiles {
      let severity: Finding.Severity =
        name.hasSuffix(".geojson") || name.hasSuffix(".json") ? .warning : .info
      venue.findings.append(Finding(severity, file: name, "not an IMDF file; ignored"))
    }
    var reader = FeatureFileReader(source: source, budget: budget)
    reader.readAll(into: &venue, present: present)
    trimFindings(&venue, limit: limits.findings)
    return venue
  }

  /// Reads and parses one JSON file within what is left of `budget`; records a finding with
  /// line and column when it is not JSON, and stops the archive when it holds too many values.
  static func read(
    _ name: String, from source: any ArchiveSource, into venue: inout Venue,
    budget: inout Budget
  ) -> JSONValue? {
    guard venue.limitExceeded == nil else { return nil }
    let data: Data
    do {
      data = try source.data(of: name)
    } catch {
      venue.findings.append(Finding(.error, file: name, "cannot be read: \(error)"))
      return nil
    }
    do {
      let (json, values) = try JSONParser.parseCounting(data, limits: budget.jsonLimits)
      budget.values += values
      return json
    } catch {
      if error.reason.hasPrefix("more than") {
        let limit = "more than \(budget.limits.values) JSON values in the archive"
        venue.limitExceeded = limit
        venue.findings.append(
          Finding(
            .error, file: name, line: error.line, column: error.column,
            "holds \(limit): the rest of the archive is not read"))
        return nil
      }
      venue.findings.append(
        Finding(
          .error, file: name, line: error.line, column: error.column,
          "is not valid JSON: \(error.reason)"))
    }
    return nil
  }
}
