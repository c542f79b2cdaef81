import Foundation
import Testing

@testable import Store

/// A key's daily count is kept under the UTC day of the request, `yyyy-MM-dd`.
@Suite struct UTCDayTests {
  @Test func everyDayIsTheGregorianCalendarsDayInUTC() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    // Every fifth day, its first and last second, from 1900 to 2400 (leap
    // centuries 2000 and 2400 and the non-leap 1900, 2100, 2200 and 2300 among them).
    for day in stride(from: -25_567, through: 157_000, by: 5) {
      for second in [0, 86_399] {
        let date = Date(timeIntervalSince1970: Double(day * 86_400 + second))
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let expected = String(
          format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        guard utcDay(date) == expected else {
          Issue.record("\(date): \(utcDay(date)), expected \(expected)")
          return
        }
      }
    }
    #expect(utcDay(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29")
    #expect(utcDay(Date(timeIntervalSince1970: -0.5)) == "1969-12-31")
  }
}
