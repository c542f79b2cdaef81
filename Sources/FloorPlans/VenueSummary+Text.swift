import Geometry

extension VenueSummary {
  /// The summary as aligned text for people.
  public var text: String {
    var lines: [String] = []
    func field(_ label: String, _ value: String) {
      lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
    }
    func list(_ counts: [(String, Int)], limit: Int = 8) -> String {
      let shown = counts.prefix(limit).map { "\($0.0) \($0.1)" }
      return (shown + (counts.count > limit ? ["… \(counts.count - limit) more"] : [])).joined(
        separator: ", ")
    }
    lines.append("\(name) (\(category))")
    field("archive", "\(path)  \(manifest)")
    field("origin", "\(origin)")
    field(
      "extent",
      "\(extent.width.formatted(decimals: 1)) m × \(extent.height.formatted(decimals: 1)) m")
    field(
      "buildings",
      "\(buildings.count)" + (buildings.count <= 4 ? ": " + buildings.joined(separator: ", ") : ""))
    field("levels", "\(levels.count), \(unitCount) units, \(openingCount) openings")
    let header = [
      "ordinal", "level", "building", "units", "openings", "walkable m²", "open walkway m²",
      "unit categories",
    ]
    var rows = [header]
    for level in levels {
      rows.append([
        String(level.ordinal), "\(level.shortName) \(level.name)", level.building,
        String(level.units),
        String(level.openings)
          + (level.inferredDoors > 0 ? " + \(level.inferredDoors) inferred" : ""),
        String(Int(level.walkableArea.rounded())),
        String(Int(level.walkwayArea.rounded())), list(level.categories, limit: 4),
      ])
    }
    let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    for row in rows {
      lines.append(
        "    "
          + row.enumerated().map { c, cell in
            c == row.count - 1
              ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          }.joined(separator: "  "))
    }
    if levels.contains(where: { $0.inferredDoors > 0 }) {
      lines.append(
        "    inferred: doors of \(WallBuilder.inferredDoorWidth.formatted(decimals: 1)) m for "
          + "units that no opening reaches, where each meets a walkway")
    }
    if levels.contains(where: { $0.walkwayArea > 0 }) {
      lines.append(
        "    open walkway: the level's outline that no unit covers, at least "
          + "\(OpenWalkway.minimumWidth.formatted(decimals: 0)) m wide; walked as a corridor")
    }
    field(
      "amenities",
      "\(amenities.reduce(0) { $0 + $1.1 })" + (amenities.isEmpty ? "" : ": " + list(amenities)))
    field("occupants", "\(occupantCount)")
    let linkText = connectors.map {
      "\($0.0.rawValue) \($0.1) (\($0.2.prefix(6).joined(separator: ", "))\($0.2.count > 6 ? ", …" : ""))"
    }
    field(
      "connectors",
      "\(connectors.reduce(0) { $0 + $1.1 })"
        + (linkText.isEmpty ? "" : ": " + linkText.joined(separator: "; ")))
    field(
      "ignored",
      ignoredFiles.isEmpty
        ? "none" : "\(ignoredFiles.count): " + ignoredFiles.joined(separator: ", "))
    var byFile: [String: (errors: Int, warnings: Int)] = [:]
    for finding in report.findings {
      if finding.severity == .error { byFile[finding.file, default: (0, 0)].errors += 1 }
      if finding.severity == .warning { byFile[finding.file, default: (0, 0)].warnings += 1 }
    }
    let perFile = byFile.sorted { $0.key < $1.key }.map {
      "\($0.key) \($0.value.errors)E/\($0.value.warnings)W"
    }
    field(
      "findings",
      "\(report.count(.error)) errors, \(report.count(.warning)) warnings"
        + (perFile.isEmpty
          ? "" : " (" + perFile.joined(separator: ", ") + "); see `fingerpost venue validate`"))
    return lines.joined(separator: "\n")
  }
}
