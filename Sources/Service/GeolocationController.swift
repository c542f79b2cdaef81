import FingerpostCore
import Foundation
import Hummingbird
import JSON
import Store
import Workflows

/// The Wi-Fi geolocation API (`/v1/geolocate`, `/v2/geosubmit`), as Google's API and ichnaea
/// answer it: one scan located in the venue whose map knows it best, submissions stored as
/// survey scans.
struct GeolocationController: Sendable {
  /// The venues and maps scans are located in.
  let catalog: VenueCatalog
  /// Where submissions are stored.
  let store: any FingerprintStore
  /// API keys and their daily counts.
  let keys: KeyGate
  /// Request and JSON limits.
  let configuration: ServiceConfiguration

  /// Adds `/v1/geolocate` and `/v2/geosubmit` to `router`.
  func addRoutes(to router: Hummingbird.Router<ServiceRequestContext>) {
    router.post("/v1/geolocate") { request, _ in await self.geolocate(request) }
    router.post("/v2/geosubmit") { request, _ in await self.geosubmit(request) }
    for path in ["/v1/geolocate", "/v2/geosubmit"] {
      for method in [HTTPRequest.Method.get, .put, .delete, .patch, .head] {
        router.on(RouterPath(path), method: method) { _, _ in
          Response.error(.methodNotAllowed("POST"))
        }
      }
    }
  }

  /// One scan → position: the venue whose map knows most of the networks heard, located there
  /// with the likelihood method; at least two known networks are needed (as ichnaea asks).
  func geolocate(_ request: Request) async -> Response {
    do throws(GeolocateError) {
      _ = try await keys.admit(request.key, for: .locate)
      let body = try await request.payload(upTo: configuration.requestLimit)
      let parsed = try GeolocateRequest.parse(body, limits: configuration.jsonLimits)
      guard parsed.wifi.count >= 2, let (entry, _) = catalog.venue(hearing: parsed.wifi),
        let locate = entry.locate
      else { throw .notFound }
      let scan = Scan(time: 0, device: "client", readings: parsed.wifi)
      guard let fix = try? locate.fix(scan),
        let answer = Geolocation(
          fix: fix, venue: entry.id, groundScale: locate.map.groundScale(at: fix.position))
      else { throw .notFound }
      return .json(text: answer.json)
    } catch {
      return .error(error)
    }
  }

  /// ichnaea's submission (`GeosubmitRequest`), stored as survey scans of the venues its items
  /// name; items without a venue, a level or a position, or with fewer than one usable network,
  /// are not stored. The key must be allowed to write every venue named; it is checked (and the
  /// request counted) before the body is read.
  func geosubmit(_ request: Request) async -> Response {
    do throws(GeolocateError) {
      let key = try await keys.admit(request.key, for: .any)
      let body = try await request.payload(upTo: configuration.uploadLimit)
      let submission = try GeosubmitRequest.parse(body, limits: configuration.jsonLimits)
      var byVenue: [String: [(id: String, line: String)]] = [:]
      for (index, item) in submission.items.enumerated() {
        guard
          let (venue, line) = try GeosubmitRequest.surveyLine(item, index: index, in: catalog.entry)
        else { continue }
        byVenue[venue, default: []].append((Digest.recordID(line), line))
      }
      // One request counted against the key's limit (above), however many venues it writes.
      if let other = byVenue.keys.sorted().first(where: { !key.mayWrite(venue: $0) }) {
        throw .forbidden("the key may not write venue \(other)")
      }
      for (venue, records) in byVenue {
        do {
          _ = try await store.appendSurvey(venue: venue, records: records)
        } catch {
          throw GeolocateError.serviceUnavailable("the survey could not be stored")
        }
      }
      return .json([String: String]())
    } catch {
      return .error(error)
    }
  }
}
