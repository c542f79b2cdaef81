/// The category vocabularies of IMDF 1.0, per feature type.
enum IMDFCategories {
  static let known: [FeatureType: Set<String>] = [
    .unit: [
      "auditorium", "brick", "classroom", "column", "concrete", "conferenceroom", "drywall",
      "elevator", "escalator", "fieldofplay", "firstaid", "fitnessroom", "foodservice",
      "footbridge", "glass", "huddleroom", "kitchen", "laboratory", "library", "lobby", "lounge",
      "mailroom", "mothersroom", "movietheater", "movingwalkway", "nonpublic", "office",
      "opentobelow", "parking", "phoneroom", "platform", "privatelounge", "ramp", "recreation",
      "restroom", "restroom.family", "restroom.female", "restroom.female.wheelchair",
      "restroom.male", "restroom.male.wheelchair", "restroom.transgender",
      "restroom.transgender.wheelchair", "restroom.unisex", "restroom.unisex.wheelchair",
      "restroom.wheelchair", "road", "room", "serverroom", "shower", "smokingarea", "stairs",
      "steps", "storage", "structure", "terrace", "theater", "unenclosedarea", "unspecified",
      "vegetation", "waitingroom", "walkway", "walkway.island", "wood",
    ],
    .opening: [
      "automobile", "bicycle", "emergencyexit", "pedestrian", "pedestrian.principal",
      "pedestrian.transit", "service",
    ],
    .level: ["parking", "transit", "unspecified"],
    .building: ["parking", "transit", "transit.bus", "transit.train", "unspecified"],
    .footprint: ["aerial", "ground", "subterranean"],
    .venue: [
      "airport", "airport.intl", "aquarium", "businesscampus", "casino", "communitycenter",
      "conventioncenter", "governmentfacility", "healthcarefacility", "hotel", "museum",
      "parkingfacility", "resort", "retailstore", "shoppingcenter", "stadium", "stripmall",
      "theater", "themepark", "trainstation", "transitstation", "university",
    ],
    .relationship: [
      "elevator", "escalator", "movingwalkway", "ramp", "stairs", "traversal",
      "traversal.path",
    ],
    .geofence: ["geofence", "paidarea", "restricted", "terminal", "gate"],
    .section: [
      "eatingdrinking", "entertainment", "grocery", "parking", "parking.compact",
      "parking.ev", "parking.long", "parking.motorcycle", "parking.oversize", "parking.short",
      "parking.vanpool", "parking.accessible", "parking.family", "retail", "walkway",
      "checkin", "arrivals", "departures", "baggageclaim", "security",
    ],
    .fixture: [
      "baggagecarousel", "bench", "desk", "equipment", "furniture", "obstruction",
      "stage", "vegetation", "wall", "water",
    ],
    .amenity: [
      "administration", "atm", "babychanging", "bench", "bikerack", "cashier", "checkin",
      "coinlocker", "copymachine", "defibrillator", "drinkingfountain", "elevator",
      "emergencyshelter", "entry", "escalator", "exhibit", "fieldofplay", "firealarm",
      "fireextinguisher", "firstaid", "fountain", "handicapped", "information", "library",
      "lostandfound", "mailbox", "meditation", "movingwalkway", "office", "parking",
      "parkingspace", "phone", "playground", "postoffice", "prayer", "ramp", "restroom",
      "restroom.family", "restroom.female", "restroom.male", "restroom.unisex", "security",
      "shower", "smokingarea", "stairs", "studentadministration", "swimmingpool", "taxi",
      "ticketing", "toilets", "vendingmachine", "wheelchairassist", "wifi", "yoga",
    ],
    .occupant: [
      "administration", "auditorium", "bank", "bar", "cafe", "clothing", "conferenceroom",
      "education", "electronics", "entertainment", "financialservices", "fitness", "florist",
      "foodservice", "foodservice.coffee", "giftshop", "grocery", "hairsalon", "health",
      "hotel", "information", "jewelry", "library", "medical", "museum", "office", "pharmacy",
      "restaurant", "restroom", "restroom.female", "restroom.male", "retail", "security",
      "shoes", "spa", "sports", "theater", "toys", "travel", "unspecified",
    ],
  ]
}
