import ArgumentParser
import FloorPlans
import Geometry
import IMDF

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
    let start = try UnitQuery(text: from, ordinal: fromOrdinal).resolve(in: plans)
    let goal = try UnitQuery(text: to, ordinal: toOrdinal).resolve(in: plans)
    let route: Route
    do {
      route = try Router(plans).route(from: start, to: goal)
    } catch {
      throw CLIError(
        "no route from \(describe(start, plans)) to \(describe(goal, plans)): \(error)")
    }
    return RouteDescription(route: route, plans: plans, start: start, goal: goal).text
  }

  private func describe(_ ref: UnitRef, _ plans: FloorPlanSet) -> String {
    "\(plans.unit(ref).label) (level \(plans.plans[ref.plan].shortName))"
  }
}

/// A unit named on the command line by id or name, with an optional ordinal.
struct UnitQuery {
  let text: String
  let ordinal: Int?

  func resolve(in plans: FloorPlanSet) throws -> UnitRef {
    if let ref = plans.unitRef(id: text) { return ref }
    let wanted = text.lowercased()
    var matches: [UnitRef] = []
    for (p, plan) in plans.plans.enumerated() where ordinal == nil || plan.ordinal == ordinal {
      for (u, unit) in plan.units.enumerated()
      where unit.names.contains(where: { $0.lowercased() == wanted }) {
        matches.append(UnitRef(plan: p, unit: u))
      }
    }
    guard let first = matches.first else {
      throw CLIError(
        "no unit is named or has the id '\(text)'" + (ordinal.map { " on ordinal \($0)" } ?? ""))
    }
    guard matches.count == 1 else {
      let listed = matches.prefix(8).map {
        "\(plans.unit($0).id) (ordinal \(plans.plans[$0.plan].ordinal))"
      }
      throw CLIError(
        "'\(text)' names \(matches.count) units: \(listed.joined(separator: ", ")); give an id or an ordinal"
      )
    }
    return first
  }
}
