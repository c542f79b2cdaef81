import Fingerprints
import Foundation
import Geometry
import TestSupport
import Testing

@Suite final class ILCImporterTests {
  /// The files this test wrote, removed after it.
  var written: [URL] = []

  deinit { for url in written { try? FileManager.default.removeItem(at: url) } }

  func write(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ilc-\(UUID()).txt")
    try Data(text.utf8).write(to: url)
    written.append(url)
    return url
  }

  @Test func interpolatesGroupsAndDropsStaleEntries() throws {
    let text = """
      #\tstartTime:1000
      #\tSiteID:site-1\tSiteName:Mall\tFloorId:floor-2\tFloorName:F2
      #\tBrand:OPPO\tModel:X1\t
      1000\tTYPE_ACCELEROMETER\t0.1\t0.2\t9.8\t3
      1000\tTYPE_WAYPOINT\t10\t20
      4500\tTYPE_WIFI\tnet\taa:aa:aa:aa:aa:01\t-50\t2412\t4490
      4500\tTYPE_WIFI\tnet two\taa:aa:aa:aa:aa:02\t-70\t5180\t1000
      5500\tTYPE_WIFI\tnet\taa:aa:aa:aa:aa:01\t-55\t2412\t4490
      5500\tTYPE_WIFI\tnet\taa:aa:aa:aa:aa:03\t-65\t2412\t5400
      8000\tTYPE_WAYPOINT\t80\t20
      9000\tTYPE_WIFI\tnet\taa:aa:aa:aa:aa:01\t-60\t2412\t8990
      9000\tTYPE_WAYPOINT\tbad
      """
    let result = try ILCPathImporter().importFile(try write(text))
    #expect(result.records.count == 2)
    #expect(result.droppedOutsideWaypoints == 1)  // t = 9000 is after the last waypoint
    // First scan at 4.5 s: half-way between (10, 20) at 1 s and (80, 20) at 8 s; entry 02 was
    // last seen 3.5 s before it, beyond the 3 s freshness.
    #expect(result.records[0].position == Point(x: 45, y: 20))
    #expect(result.records[1].position == Point(x: 55, y: 20))
    #expect(result.records[0].scan.readings.map(\.bssid) == ["aa:aa:aa:aa:aa:01"])
    // Second scan: entry 01 was not seen since the previous scan, so it is stale.
    #expect(result.records[1].scan.readings.map(\.bssid) == ["aa:aa:aa:aa:aa:03"])
    #expect(result.staleEntries == 2)
    #expect(result.records[0].ordinal == 1)
    // The competition's floor and site ids are not IMDF ids: the ordinal names the floor.
    #expect(result.records[0].levelID == nil)
    #expect(result.records[0].building == nil)
    #expect(result.floorID == "floor-2" && result.siteID == "site-1")
    #expect(result.records[0].scan.device == "OPPO X1")
    #expect(result.records[0].scan.time == 3.5)
    #expect(result.problems.map(\.line) == [12])
  }

  @Test(arguments: [
    ("F1", 0), ("F3", 2), ("B1", -1), ("B2", -2), ("2F", 1), ("L3", 3), ("Roof", nil),
  ])
  func floorNamesToOrdinals(name: String, ordinal: Int?) {
    #expect(ILCPathImporter.ordinal(floorName: name) == ordinal)
  }

  @Test(
    .enabled(
      if: RepositoryPaths.sharedData("msft-ilc20") != nil, "../shared/data/msft-ilc20 is absent"))
  func importsARealPathFileInsideItsFloor() throws {
    let floor = URL(fileURLWithPath: RepositoryPaths.sharedData("msft-ilc20")!)
      .appendingPathComponent("site1/F1")
    let frame = try ILCFloorFrame(floorFolder: floor)
    #expect(abs(frame.width - 239.8175) < 0.001)
    let files = try FileManager.default.contentsOfDirectory(
      atPath: floor.appendingPathComponent("path_data_files").path)
    let first = floor.appendingPathComponent("path_data_files").appendingPathComponent(
      files.sorted()[0])
    let result = try ILCPathImporter().importFile(first)
    #expect(!result.records.isEmpty)
    #expect(result.records.allSatisfy { $0.ordinal == 0 && !$0.scan.readings.isEmpty })
    for record in result.records {
      let p = try #require(record.position)
      #expect(p.x >= 0 && p.x <= frame.width && p.y >= 0 && p.y <= frame.height)
    }
  }
}

@Suite struct UJIImporterTests {
  @Test func readsRowsWhere100MeansNotHeard() throws {
    let csv = """
      WAP001,WAP002,WAP003,LONGITUDE,LATITUDE,FLOOR,BUILDINGID,SPACEID,RELATIVEPOSITION,USERID,PHONEID,TIMESTAMP
      -60,100,-80,-7541.26,4864920.78,2,1,106,2,2,23,1371713733
      100,100,100,-7500,4864900,0,0,1,1,1,13,1371713800
      -50,7,100,-7500,4864900,1,0,1,1,1,13,1371713801
      -50,100,100,oops,4864900,1,0,1,1,1,13,1371713802
      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("uji-\(UUID()).csv")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(csv.utf8).write(to: url)
    let survey = try UJIIndoorLocImporter().importFile(url)
    #expect(survey.header?.frame == "EPSG:3857")
    #expect(survey.records.count == 3)
    #expect(
      survey.records[0].scan.readings.map(\.bssid) == ["02:00:00:00:00:01", "02:00:00:00:00:03"])
    #expect(survey.records[0].position == Point(x: -7541.26, y: 4864920.78))
    #expect(survey.records[0].ordinal == 2 && survey.records[0].building == "1")
    #expect(survey.records[0].scan.device == "phone-23")
    #expect(survey.records[1].scan.readings.isEmpty)
    #expect(survey.records[2].scan.readings.map(\.bssid) == ["02:00:00:00:00:01"])
    #expect(survey.problems.map(\.line) == [4, 5])
    #expect(survey.problems[0].skippedLine == false && survey.problems[1].skippedLine)
  }

  @Test(
    .enabled(
      if: RepositoryPaths.sharedData("ujiindoorloc") != nil, "../shared/data/ujiindoorloc is absent"
    ))
  func importsTheRealValidationSet() throws {
    let url = URL(fileURLWithPath: RepositoryPaths.sharedData("ujiindoorloc")!)
      .appendingPathComponent("validationData.csv")
    let survey = try UJIIndoorLocImporter().importFile(url)
    #expect(survey.records.count == 1111)
    #expect(survey.problems.isEmpty)
    #expect(Set(survey.records.compactMap(\.building)) == ["0", "1", "2"])
    #expect(Set(survey.records.compactMap(\.ordinal)) == [0, 1, 2, 3, 4])
  }
}
