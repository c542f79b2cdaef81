import Fingerprints
import Foundation
import Service
import Store

/// The venue items are placed in: the sample office, zipped by `Fuzz/run.sh` (its path in
/// `FUZZ_VENUE_ZIP`).
let catalog: VenueCatalog = {
  let catalog = VenueCatalog()
  guard let path = ProcessInfo.processInfo.environment["FUZZ_VENUE_ZIP"],
    let zip = FileManager.default.contents(atPath: path)
  else { fatalError("FUZZ_VENUE_ZIP names no readable venue zip") }
  do {
    try catalog.put(StoredVenue(id: "office", name: "office", archive: zip), map: nil)
  } catch {
    fatalError("the office does not load: \(error)")
  }
  return catalog
}()

/// A `/v2/geosubmit` body, decoded and turned into survey lines as the route does (within the
/// service's JSON limits): any bytes give lines or an error, and every line acknowledged reads
/// back as exactly one survey record of a level of the venue (issue 32: submissions were
/// acknowledged whose lines could not be read back).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeosubmit(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let limits = ServiceConfiguration(dataFolder: "/nonexistent").jsonLimits
  guard let request = try? GeosubmitRequest.parse(Data(bytes: start, count: count), limits: limits)
  else { return 0 }
  let ordinals = Set(catalog.entry("office")?.plans?.plans.map(\.ordinal) ?? [])
  for (index, item) in request.items.enumerated() {
    guard let placed = try? GeosubmitRequest.surveyLine(item, index: index, in: catalog.entry)
    else { continue }
    let survey = SurveyFile.parse(Data(placed.line.utf8), file: "line")
    precondition(
      survey.records.count == 1 && survey.problems.isEmpty,
      "an acknowledged line does not read back: \(placed.line) \(survey.problems)")
    precondition(
      survey.records[0].ordinal.map(ordinals.contains) == true, "level of \(placed.line)")
  }
  return 0
}
