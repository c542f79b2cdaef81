import FingerpostCore
import Fingerprints
import Foundation
import Geometry
import Testing

/// What a radio map says about positioning at a point: APs heard, survey distance, and the
/// Cramér–Rao bound of one scan from the likelihood's Fisher information.
@Suite struct RadioMapInformationTests {
  let map = Synthetic.map

  @Test func aSurveyedPointHearsTheSurveysAPsAtDistanceZero() throws {
    let here = map.quality(level: 0, at: Point(x: 9, y: 9))
    // Every stop heard the three near APs; the weak far one only in part of the area.
    #expect(here.heard > 3 && here.heard < 4.5, "\(here.heard)")
    #expect(try #require(here.surveyDistance) < 0.01)
    let between = map.quality(level: 0, at: Point(x: 10, y: 10))
    #expect(abs(try #require(between.surveyDistance) - 2.squareRoot()) < 0.01)
  }

  @Test func theBoundIsTighterWhereTheSignalChangesFaster() throws {
    // Two metres from the strong AP its RSSI falls ~6.5 dB a metre; ten metres from every AP,
    // under 1.5 dB.
    let near = try #require(map.quality(level: 0, at: Point(x: 11, y: 7)).expectedError)
    let far = try #require(map.quality(level: 0, at: Point(x: 17, y: 17)).expectedError)
    #expect(near > 0 && near < far, "near \(near) m, far \(far) m")
    #expect(far < 20)
  }

  @Test func theBoundMatchesTheFisherInformationOfTheModelItStores() throws {
    // Recompute the RSSI part of the information at one point from the stored expectations
    // with a wider difference, and check the bound agrees within the detection term's share.
    let p = Point(x: 7, y: 13)
    let level = map.levels[0]
    let cell = level.cell(at: p)
    let step = 2
    var (ixx, ixy, iyy) = (0.0, 0.0, 0.0)
    for j in level.accessPoints.indices {
      let e = map.expectation(level: 0, cell: cell, slot: j)
      let gx =
        (map.expectation(level: 0, cell: cell + step, slot: j).rssi
          - map.expectation(level: 0, cell: cell - step, slot: j).rssi) / (2 * Double(step))
      let gy =
        (map.expectation(level: 0, cell: cell + step * level.columns, slot: j).rssi
          - map.expectation(level: 0, cell: cell - step * level.columns, slot: j).rssi)
        / (2 * Double(step))
      let w =
        e.detection * 5 / 7 / (e.spread * e.spread + map.measurementSigma * map.measurementSigma)
      ixx += w * gx * gx
      ixy += w * gx * gy
      iyy += w * gy * gy
    }
    let rssiOnly = ((ixx + iyy) / (ixx * iyy - ixy * ixy)).squareRoot()
    let bound = try #require(map.quality(level: 0, at: p).expectedError)
    // The detection term only adds information; the wider difference smooths the gradient.
    #expect(
      bound <= rssiOnly * 1.2 && bound > rssiOnly * 0.5, "bound \(bound), RSSI only \(rssiOnly)")
  }
}
