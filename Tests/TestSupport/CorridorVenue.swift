/// A one-level IMDF archive drawn the way many real venues are: six rooms along a corridor that
/// is not drawn as a unit, with a door from each room onto it, a lobby at its east end, and an
/// outline reaching 0.3 m past the rooms on the west (the wall's thickness, not a passage).
///
/// Level outline: x −0.3…34, y 0…12. Rooms 10 m × 5 m at x 0…30, south (y 0…5) and north
/// (y 7…12); the corridor y 5…7 is in no unit; the lobby x 30…34.
public enum CorridorVenue {
  /// The ids of the rooms, south west to south east, then north west to north east.
  public static let rooms = (1...6).map { "c0000000-0000-4000-8000-00000000000\($0)" }
  /// The id of the lobby.
  public static let lobby = "c0000000-0000-4000-8000-000000000010"

  /// The archive's files.
  public static var files: [String: String] {
    var files = MiniVenue.files
    files["level.geojson"] = files["level.geojson"]!.replacingOccurrences(
      of: MiniVenue.ring(0, 0, 20, 10), with: MiniVenue.ring(-0.3, 0, 34, 12))
    var units: [String] = []
    var openings: [String] = []
    for k in 0..<3 {
      let x = Double(k) * 10
      units.append(MiniVenue.unit(rooms[k], "room", "South \(k + 1)", (x, 0, x + 10, 5)))
      units.append(MiniVenue.unit(rooms[k + 3], "office", "North \(k + 1)", (x, 7, x + 10, 12)))
      openings.append(
        MiniVenue.opening("d0000000-0000-4000-8000-00000000000\(k)", (x + 4.5, 5), (x + 5.5, 5)))
      openings.append(
        MiniVenue.opening(
          "d0000000-0000-4000-8000-00000000001\(k)", (x + 4.5, 7), (x + 5.5, 7)))
    }
    units.append(MiniVenue.unit(lobby, "lobby", "Lobby", (30, 0, 34, 12)))
    files["unit.geojson"] = MiniVenue.collection(units)
    files["opening.geojson"] = MiniVenue.collection(openings)
    files["anchor.geojson"] = MiniVenue.collection([
      #"{"id":"\#(MiniVenue.anchorID)","type":"Feature","feature_type":"anchor","geometry":{"type":"Point","coordinates":[\#(5 * MiniVenue.d),\#(2 * MiniVenue.d)]},"properties":{"unit_id":"\#(rooms[0])","address_id":null}}"#
    ])
    files["amenity.geojson"] = MiniVenue.collection([])
    files["footprint.geojson"] = files["footprint.geojson"]!.replacingOccurrences(
      of: MiniVenue.ring(0, 0, 20, 10), with: MiniVenue.ring(-0.3, 0, 34, 12))
    return files
  }
}
