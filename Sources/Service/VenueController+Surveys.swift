import FingerpostCore
import Fingerprints
import Foundation
import Hummingbird
import Store

extension VenueController {
  /// `/fp/v1/venues/{id}/surveys`: append scans, a summary, and the whole survey as NDJSON.
  func addSurveyRoutes(to api: RouterGroup<ServiceRequestContext>) {
    api.post("venues/{id}/surveys") { request, context in
      await self.answer {
        try await self.appendSurvey(request, venue: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}/surveys") { request, context in
      await self.answer {
        try await self.surveySummary(request, venue: try context.parameters.require("id"))
      }
    }
    api.get("venues/{id}/surveys.ndjson") { request, context in
      await self.answer {
        try await self.surveyDownload(request, venue: try context.parameters.require("id"))
      }
    }
  }

  /// The longest client record id accepted, characters.
  static let longestRecordID = 128

  /// `POST /fp/v1/venues/{id}/surveys`: survey NDJSON scan lines (a header line is allowed and
  /// ignored). A line's `"id"` (else the SHA-256 of the line as stored) makes its append
  /// idempotent; the answer counts the scans received and those new. Any line that is not a scan
  /// refuses the whole body (400 naming the line), so that nothing is half-stored.
  func appendSurvey(_ request: Request, venue: String) async throws -> Response {
    _ = try await keys.admit(request.key, for: .write(venue: venue))
    guard let entry = catalog.entry(venue) else { throw GeolocateError.notFound(venue: venue) }
    let body = try await request.payload(upTo: configuration.uploadLimit)
    let parsed = SurveyFile.parse(body, file: "request body")
    if let problem = parsed.problems.first(where: \.skippedLine) {
      throw GeolocateError.parseError(problem.description)
    }
    var records: [(id: String, line: String)] = []
    for (index, var record) in parsed.records.enumerated() {
      let place = "request body:\(parsed.recordLines[index])"
      if let id = record.id, id.isEmpty || id.count > Self.longestRecordID {
        throw GeolocateError.parseError(
          "\(place): a scan's \"id\" is 1-\(Self.longestRecordID) characters")
      }
      if let problem = Self.levelProblem(record, in: entry) {
        throw GeolocateError.parseError("\(place): \(problem)")
      }
      for (k, reading) in record.scan.readings.enumerated() {
        guard let mac = GeolocateRequest.normalizedMAC(reading.bssid) else {
          throw GeolocateError.parseError(
            "\(place): readings[\(k)]: \"\(reading.bssid.prefix(40))\" is not a MAC address")
        }
        record.scan.readings[k].bssid = mac
      }
      let line = SurveyWriter.line(record)
      records.append((record.id ?? Digest.recordID(line), line))
    }
    let added = try await store.appendSurvey(venue: venue, records: records)
    return .json(["received": records.count, "added": added])
  }

  /// Why `record`'s level is not one of `entry`'s (its IMDF levels, else its map's ordinals),
  /// nil when it is.
  static func levelProblem(_ record: SurveyRecord, in entry: VenueCatalog.Entry) -> String? {
    if let plans = entry.plans {
      if let id = record.levelID {
        return plans.floor(levelID: id) == nil
          ? "level \"\(id.prefix(64))\" is not one of the venue's" : nil
      }
      if let ordinal = record.ordinal, !plans.plans.contains(where: { $0.ordinal == ordinal }) {
        return "ordinal \(ordinal) is not one of the venue's levels"
      }
    } else if let levels = entry.map?.levels, let ordinal = record.ordinal,
      !levels.contains(where: { $0.ordinal == ordinal })
    {
      return "ordinal \(ordinal) is not one of the venue's map's levels"
    }
    return nil
  }

  /// `GET /fp/v1/venues/{id}/surveys`: how many scans the venue's survey holds, per level and
  /// device.
  func surveySummary(_ request: Request, venue: String) async throws -> Response {
    let entry = try await readableVenue(request, id: venue)
    let survey = SurveyFile.parse(
      Data(try await library.surveyText(entry).utf8), file: "survey of \(venue)")
    struct Level: Encodable, Hashable {
      var level_id: String?
      var ordinal: Int?
      var scans: Int
    }
    struct Summary: Encodable {
      var venue: String
      var scans: Int
      var levels: [Level]
      var devices: [String: Int]
      var download: String
    }
    var levels: [String: Level] = [:]
    var devices: [String: Int] = [:]
    for record in survey.records {
      let key = record.levelID ?? "ordinal \(record.ordinal ?? 0)"
      levels[key, default: Level(level_id: record.levelID, ordinal: record.ordinal, scans: 0)]
        .scans += 1
      devices[record.scan.device, default: 0] += 1
    }
    return .json(
      Summary(
        venue: venue, scans: survey.records.count,
        levels: levels.values.sorted {
          ($0.ordinal ?? 0, $0.level_id ?? "") < ($1.ordinal ?? 0, $1.level_id ?? "")
        },
        devices: devices, download: "/fp/v1/venues/\(venue)/surveys.ndjson"))
  }

  /// `GET /fp/v1/venues/{id}/surveys.ndjson`: the venue's survey as a survey file (header line,
  /// then every scan in the order it was appended), which `fingerpost ingest` reads.
  func surveyDownload(_ request: Request, venue: String) async throws -> Response {
    let entry = try await readableVenue(request, id: venue)
    return Response(
      status: .ok, headers: [.contentType: "application/x-ndjson"],
      body: .init(byteBuffer: .init(string: try await library.surveyText(entry))))
  }
}
