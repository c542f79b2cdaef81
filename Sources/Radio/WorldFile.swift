import ConfigFiles
import FingerpostCore
import FloorPlans
import Foundation
import Geometry

/// A world file (YAML, JSON accepted): the venue, the seed, model overrides, and access points
/// placed automatically, listed explicitly, or both. Paths are relative to the file.
///
/// ```yaml
/// version: 1
/// venue: office            # IMDF folder or zip
/// seed: 7
/// propagation: { exponent: 3.0, shadowing_sigma: 6 }
/// placement: { density: 1.25, bands: ["2.4", "5"], ssid: corp }
/// surveys: [site.survey.ndjson]   # real surveys the fields keep where they went (optional)
/// access_points:
///   - { bssid: "02:aa:00:00:00:01", ordinal: 0, x: 3.5, y: -2, band: "2.4" }
/// ```
public struct WorldFile: Sendable {
  /// One explicitly listed access point, as written.
  public struct Entry: Sendable, Hashable {
    public var bssid: String
    public var ssid: String?
    /// The IMDF level id, or…
    public var levelID: String?
    /// …the floor ordinal (with `buildingID` when ordinals repeat across buildings).
    public var ordinal: Int?
    public var buildingID: String?
    /// Position in the venue frame (metres), or…
    public var position: Point?
    /// …in WGS84.
    public var coordinate: GeoCoordinate?
    public var band: Band
    public var frequency: Int?
    /// Received power at 1 m in dBm; the model's band default when `nil`.
    public var referencePower: Double?
    /// The line of the entry in the file, for messages.
    public var line: Int?
  }

  /// The file read.
  public let file: URL
  /// The venue path as written.
  public var venue: String
  /// The venue resolved against the file's folder.
  public var venueURL: URL {
    URL(fileURLWithPath: venue, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
  }
  /// The seed of the shadowing fields.
  public var seed: UInt64
  /// The propagation model, defaults overridden by the file.
  public var model: PropagationModel
  /// Automatic placement, if any.
  public var placement: AccessPointPlacement?
  /// Explicit access points.
  public var entries: [Entry]
  /// Real survey files the world's fields are conditioned on (`SurveyMeans`), as written.
  public var surveys: [String]
  /// `surveys` resolved against the file's folder.
  public var surveyURLs: [URL] {
    surveys.map {
      URL(fileURLWithPath: $0, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
    }
  }

  /// Reads and checks a world file.
  public init(contentsOf url: URL) throws(FingerpostError) {
    try self.init(yaml: try YAMLMap(contentsOf: url), url: url)
  }

  /// Reads and checks a world from `text`, as if it were the file at `url`.
  public init(text: String, url: URL) throws(FingerpostError) {
    try self.init(yaml: try YAMLMap(text: text, file: url.path), url: url)
  }

  private init(yaml root: YAMLMap, url: URL) throws(FingerpostError) {
    try root.allowOnly([
      "version", "venue", "seed", "propagation", "placement", "access_points", "surveys",
    ])
    if let version = try root.int("version"), version != 1 {
      throw root.error(
        "version", kind: .unsupportedVersion,
        "unsupported world file version \(version) (this tool reads 1)")
    }
    guard let venue = try root.string("venue") else {
      throw root.error("venue", kind: .missingField, "is required")
    }
    file = url
    self.venue = venue
    seed = try root.int("seed").map { UInt64(bitPattern: Int64($0)) } ?? 1
    model = try Self.model(try root.map("propagation"))
    if let p = try root.map("placement") {
      try p.allowOnly(["density", "bands", "ssid"])
      guard let density = try p.double("density"), density > 0 else {
        throw p.error(
          "density", kind: .missingField, "is required: APs per 100 m² of walkable space, above 0")
      }
      var bands: [Band] = []
      for text in try p.strings("bands") ?? ["2.4", "5"] {
        guard let band = Band(rawValue: text) else {
          throw p.error("bands", "unknown band \"\(text)\" (2.4 or 5)")
        }
        bands.append(band)
      }
      placement = AccessPointPlacement(
        density: density, bands: bands, ssid: try p.string("ssid") ?? "fingerpost")
    }
    entries = try (root.maps("access_points") ?? []).map(Self.entry)
    surveys = try root.strings("surveys") ?? []
  }

  private static func entry(_ m: YAMLMap) throws(FingerpostError) -> Entry {
    try m.allowOnly([
      "bssid", "ssid", "level", "ordinal", "building", "x", "y", "lon", "lat", "band", "frequency",
      "reference_power",
    ])
    guard let bssid = try m.string("bssid") else {
      throw m.error("bssid", kind: .missingField, "is required")
    }
    let frequency = try m.int("frequency")
    let bandText = try m.string("band")
    guard let band = bandText.map(Band.init(rawValue:)) ?? frequency.map(Band.init(frequency:))
    else {
      throw m.error("band", "unknown band \"\(bandText ?? "")\" (2.4 or 5)")
    }
    var entry = Entry(
      bssid: bssid.lowercased(), ssid: try m.string("ssid"), levelID: try m.string("level"),
      ordinal: try m.int("ordinal"),
      buildingID: try m.string("building"), band: band, frequency: frequency,
      referencePower: try m.double("reference_power"), line: nil)
    if let x = try m.double("x"), let y = try m.double("y") {
      entry.position = Point(x: x, y: y)
    } else if let lon = try m.double("lon"), let lat = try m.double("lat") {
      entry.coordinate = GeoCoordinate(longitude: lon, latitude: lat)
    } else {
      throw m.error("x", "needs x and y (metres) or lon and lat")
    }
    if entry.levelID == nil && entry.ordinal == nil {
      throw m.error("ordinal", "needs an ordinal or a level id")
    }
    entry.line = m.line(of: "bssid")
    return entry
  }

  /// The model with the file's overrides.
  static func model(_ m: YAMLMap?) throws(FingerpostError) -> PropagationModel {
    var model = PropagationModel()
    guard let m else { return model }
    let numbers: [(String, WritableKeyPath<PropagationModel, Double>)] = [
      ("reference_power_24", \.referencePower24), ("reference_power_5", \.referencePower5),
      ("exponent", \.exponent), ("light_wall_loss", \.lightWallLoss),
      ("heavy_wall_loss", \.heavyWallLoss),
      ("floor_loss_24", \.floorLoss24), ("floor_loss_5", \.floorLoss5),
      ("floor_height", \.floorHeight),
      ("antenna_height_difference", \.antennaHeightDifference),
      ("shadowing_sigma", \.shadowingSigma),
      ("decorrelation_distance", \.decorrelationDistance), ("fading_sigma", \.fadingSigma),
      ("scan_offset_sigma", \.scanOffsetSigma), ("walk_fading_sigma", \.walkFadingSigma),
      ("walk_offset_sigma", \.walkOffsetSigma),
      ("device_offset_sigma", \.deviceOffsetSigma), ("detection_midpoint", \.detectionMidpoint),
      ("detection_width", \.detectionWidth), ("sensitivity", \.sensitivity),
      ("scan_interval", \.scanInterval),
      ("stale_share", \.staleShare), ("grid_spacing", \.gridSpacing),
      ("audibility_margin", \.audibilityMargin),
    ]
    try m.allowOnly(Set(numbers.map(\.0) + ["heavy_categories", "maximum_floors"]))
    for (key, path) in numbers {
      if let value = try m.double(key) { model[keyPath: path] = value }
    }
    if let categories = try m.strings("heavy_categories") {
      model.heavyCategories = Set(categories)
    }
    if let floors = try m.int("maximum_floors") { model.maximumFloors = floors }
    guard model.gridSpacing >= 0.1, model.gridSpacing <= 10 else {
      throw m.error("grid_spacing", "must be between 0.1 and 10 metres")
    }
    guard (0...30).contains(model.walkFadingSigma) else {
      throw m.error("walk_fading_sigma", "must be from 0 to 30 dB")
    }
    guard (0...30).contains(model.walkOffsetSigma) else {
      throw m.error("walk_offset_sigma", "must be from 0 to 30 dB")
    }
    guard (0...1).contains(model.staleShare) else {
      throw m.error("stale_share", "must be between 0 and 1")
    }
    guard model.exponent > 0, model.detectionWidth > 0, model.scanInterval > 0 else {
      throw m.error("exponent", "exponent, detection_width and scan_interval must be above 0")
    }
    return model
  }

  /// The access points of this file on `plans`: placed ones first, then the listed ones.
  public func accessPoints(on plans: FloorPlanSet) throws(FingerpostError) -> [AccessPoint] {
    var result = placement?.place(in: plans, model: model) ?? []
    for entry in entries {
      let candidates = plans.plans.indices.filter { p in
        let plan = plans.plans[p]
        if let level = entry.levelID { return plan.levelID == level }
        return plan.ordinal == entry.ordinal
          && (entry.buildingID.map { plan.buildingIDs.contains($0) } ?? true)
      }
      guard candidates.count == 1 else {
        let why =
          candidates.isEmpty
          ? "names no level of the venue" : "is ambiguous: give `building` or `level`"
        throw FingerpostError(
          .invalidValue, file: file.path, line: entry.line, field: "access_points",
          "\(entry.bssid): its level \(why)")
      }
      let position = entry.position ?? plans.frame.point(for: entry.coordinate!)
      result.append(
        AccessPoint(
          bssid: entry.bssid, ssid: entry.ssid ?? placement?.ssid ?? "fingerpost",
          floor: FloorID(candidates[0]), position: position,
          band: entry.band, frequency: entry.frequency,
          referencePower: entry.referencePower ?? model.referencePower(entry.band)))
    }
    let duplicates = Dictionary(grouping: result, by: \.bssid).filter { $0.value.count > 1 }.keys
      .sorted()
    if let first = duplicates.first {
      throw FingerpostError(
        .invalidValue, file: file.path, line: nil, field: "access_points",
        "BSSID \(first) is used twice")
    }
    return result
  }

  /// The world on `plans` (the venue's floor plans, loaded by the caller from `venueURL`), of
  /// `accessPoints` when the caller has them already (`accessPoints(on:)`).
  public func makeWorld(
    plans: FloorPlanSet, survey: SurveyMeans? = nil, accessPoints given: [AccessPoint]? = nil
  ) throws -> World {
    try World(
      plans: plans, accessPoints: try given ?? accessPoints(on: plans), model: model, seed: seed,
      survey: survey)
  }
}
