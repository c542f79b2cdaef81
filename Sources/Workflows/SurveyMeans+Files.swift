import FingerpostCore
import Fingerprints
import FloorPlans
import Foundation
import Geometry
import Radio

extension SurveyMeans {
  /// The survey files at `urls` pooled for a world of `accessPoints` on `plans`, and each file's
  /// bad lines and dropped readings (one message a file, naming its first): scans off the
  /// venue's levels and readings of APs the world does not hold are left out.
  public static func read(
    _ urls: [URL], accessPoints: [AccessPoint], plans: FloorPlanSet
  ) throws(FingerpostError) -> (means: SurveyMeans, problems: [String]) {
    var index: [String: Int] = [:]
    for (a, ap) in accessPoints.enumerated() where index[ap.bssid] == nil {
      index[ap.bssid] = a
    }
    var scans: [Scan] = []
    var problems: [String] = []
    for url in urls {
      let survey = try SurveyFile(contentsOf: url)
      if let first = survey.problems.first {
        let skipped = survey.problems.filter(\.skippedLine).count
        problems.append(
          "\(url.path): \(skipped) line(s) skipped, \(survey.problems.count - skipped) "
            + "reading(s) dropped; first: \(first)")
      }
      let surveyFrame = survey.header?.origin.map(LocalFrame.init(origin:))
      for record in survey.records {
        guard let floor = record.floor(in: plans),
          let point = record.point(in: plans.frame, surveyFrame: surveyFrame)
        else { continue }
        let readings = record.scan.readings.compactMap { reading in
          index[reading.bssid.lowercased()].map { (accessPoint: $0, rssi: reading.rssi) }
        }
        if !readings.isEmpty { scans.append(Scan(floor: floor, point: point, readings: readings)) }
      }
    }
    return (SurveyMeans(plans: plans.plans.count, scans: scans), problems)
  }
}
