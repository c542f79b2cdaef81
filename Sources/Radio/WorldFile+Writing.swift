import FingerpostCore
import FloorPlans

extension WorldFile {
  /// A world file's text (YAML) for `model` and `accessPoints` on `plans`: every propagation
  /// parameter written out, each AP by its IMDF level id, the `surveys` its fields are
  /// conditioned on (if any), `comments` (one line each) on top.
  public static func text(
    venue: String, seed: UInt64, model: PropagationModel, accessPoints: [AccessPoint],
    plans: FloorPlanSet, surveys: [String] = [], comments: [String] = []
  ) -> String {
    func number(_ value: Double) -> String { value.formatted(decimals: 2) }
    var lines = comments.map { "# " + $0 }
    lines += ["version: 1", "venue: \(quoted(venue))", "seed: \(seed)"]
    if !surveys.isEmpty {
      lines.append("surveys: [\(surveys.map(quoted).joined(separator: ", "))]")
    }
    lines.append("propagation:")
    let values: [(String, Double)] = [
      ("reference_power_24", model.referencePower24), ("reference_power_5", model.referencePower5),
      ("exponent", model.exponent), ("light_wall_loss", model.lightWallLoss),
      ("heavy_wall_loss", model.heavyWallLoss), ("floor_loss_24", model.floorLoss24),
      ("floor_loss_5", model.floorLoss5), ("floor_height", model.floorHeight),
      ("antenna_height_difference", model.antennaHeightDifference),
      ("shadowing_sigma", model.shadowingSigma),
      ("decorrelation_distance", model.decorrelationDistance),
      ("fading_sigma", model.fadingSigma), ("scan_offset_sigma", model.scanOffsetSigma),
      ("walk_fading_sigma", model.walkFadingSigma),
      ("walk_offset_sigma", model.walkOffsetSigma),
      ("device_offset_sigma", model.deviceOffsetSigma),
      ("detection_midpoint", model.detectionMidpoint), ("detection_width", model.detectionWidth),
      ("sensitivity", model.sensitivity), ("scan_interval", model.scanInterval),
      ("stale_share", model.staleShare), ("grid_spacing", model.gridSpacing),
      ("audibility_margin", model.audibilityMargin),
    ]
    lines += values.map { "  \($0.0): \(number($0.1))" }
    lines.append("  maximum_floors: \(model.maximumFloors)")
    lines.append(
      "  heavy_categories: [\(model.heavyCategories.sorted().map(quoted).joined(separator: ", "))]")
    lines.append(accessPoints.isEmpty ? "access_points: []" : "access_points:")
    for ap in accessPoints {
      lines.append(
        "  - { bssid: \(quoted(ap.bssid)), ssid: \(quoted(ap.ssid)), "
          + "level: \(quoted(plans[ap.floor].levelID)), x: \(number(ap.position.x)), "
          + "y: \(number(ap.position.y)), band: \"\(ap.band.rawValue)\", "
          + "frequency: \(ap.frequency), reference_power: \(number(ap.referencePower)) }")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as a double-quoted YAML scalar.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += "\\x" + String(scalar.value, radix: 16).leftPadded(2)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
