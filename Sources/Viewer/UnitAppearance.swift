import FloorPlans

/// How the map draws a kind of unit, after Apple's guidance for indoor maps: a distinct look per
/// kind of area, each kind told apart by a dot pattern as well as by colour.
public enum UnitAppearance: String, Sendable, CaseIterable {
  case room, walkway, restroom, connector, nonpublic, structure, other

  /// The appearance of an IMDF unit category.
  public init(category: String) {
    switch category {
    case "walkway", "walkway.island", "lobby", "unenclosedarea", "footbridge", "platform",
      "terrace", "ramp", "steps", "movingwalkway":
      self = .walkway
    case _ where category.hasPrefix("restroom"), "shower", "changingroom":
      self = .restroom
    case "stairs", "elevator", "escalator":
      self = .connector
    case "nonpublic", "privatelounge", "serverroom", "storage", "mailroom", "mechanical",
      "parking", "road":
      self = .nonpublic
    case "structure", "column", "opentobelow", "brick", "concrete", "drywall", "glass", "wood",
      "water", "vegetation":
      self = .structure
    case "room", "office", "conferenceroom", "classroom", "auditorium", "laboratory", "library",
      "kitchen", "foodservice", "retail", "waitingroom", "fitnessroom", "firstaid",
      "security", "recreation", "phoneroom", "lounge", "administration", "ticketing", "theater":
      self = .room
    default:
      self = .other
    }
  }

  /// Background colour of the unit's cells (ANSI 256), nil for none.
  public var fill: UInt8? {
    switch self {
    case .room: 235
    case .walkway: nil
    case .restroom: 24
    case .connector: 58
    case .nonpublic: 237
    case .structure: 239
    case .other: 234
    }
  }

  /// The dots each 2 × 4 cell of the unit shows (braille bits), so kinds differ without colour:
  /// connectors striped, restrooms dotted, non-public and structure hatched.
  public var pattern: UInt8 {
    switch self {
    case .room, .walkway, .other: 0
    case .restroom: 0x10  // one dot a cell
    case .connector: 0x09  // a stripe across the top of each cell
    case .nonpublic: 0x11  // a diagonal
    case .structure: 0x55  // dense hatch
    }
  }

  /// Colour of the pattern dots.
  public var patternColor: UInt8 {
    switch self {
    case .restroom: 81
    case .connector: 186
    default: 244
    }
  }
}

/// One-character glyphs for amenities and connectors on the map.
public enum Glyph {
  /// The glyph of an IMDF amenity category (or a connector kind).
  public static func of(_ category: String) -> Character {
    switch category {
    case "elevator": "E"
    case "stairs": "S"
    case "escalator": "^"
    case _ where category.hasPrefix("restroom"): "W"
    case "drinkingfountain": "~"
    case "information": "i"
    case "atm": "$"
    case "firstaid": "+"
    case "exit", "entry": ">"
    default: "*"
    }
  }
}
