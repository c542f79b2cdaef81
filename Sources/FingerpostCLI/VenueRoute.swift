import ArgumentParser
import FingerpostCore
import FloorPlans

/// `fingerpost venue route PATH --from UNIT --to UNIT`: the shortest walking route.
struct VenueRoute: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route",
    abstract: "Print the shortest walking route between two units, across levels.",
    discussion: "A unit is named by its IMDF id or its name (any language, case-insensitive).")

  @OptionGroup var venue: VenuePathArgument

  @Option(help: "The start unit (id or name).")
  var from: String

  @Option(help: "The destination unit (id or name).")
  var to: String

  @Option(help: "The start unit's level ordinal, when its name is used on several levels.")
  var fromOrdinal: Int?

  @Option(help: "The destination unit's level ordinal, when its name is used on several levels.")
  var toOrdinal: Int?

  func run() throws {
    print(try render())
  }

  /// The route description.
  func render() throws -> String {
    let plans = FloorPlanSet(venue: try venue.load())
    let start = try plans.unit(named: from, ordinal: fromOrdinal)
    let goal = try plans.unit(named: to, ordinal: toOrdinal)
    let route: Route
    do {
      route = try Router(plans).route(from: start, to: goal)
    } catch {
      throw FingerpostError(
        .unreachable,
        "no route from \(describe(start, plans)) to \(describe(goal, plans)): \(error)")
    }
    return route.description(in: plans, from: start, to: goal)
  }

  private func describe(_ ref: UnitRef, _ plans: FloorPlanSet) -> String {
    "\(plans.unit(ref).label) (level \(plans[ref.floor].shortName))"
  }
}
