import Geometry

extension WorldFitting.Result {
  /// The fit for people: scans, APs, held-out error, and each parameter with its standard
  /// error; `seconds` is how long the fit took.
  public func text(seconds: Double) -> String {
    let fit = fit
    let given = fit.placed.filter(\.given).count
    var text = "fitted from \(scans) scans on \(plans.plans.count) level(s)"
    text += skipped > 0 ? " (\(skipped) off the venue's levels skipped)" : ""
    text += " in \(seconds.formatted(decimals: 1)) s\n"
    text +=
      "APs: \(fit.placed.count) placed (\(given) given), \(fit.unplaced.count) heard in too few cells to place"
    text +=
      noFrequency > 0
      ? "; \(noFrequency) without a frequency taken as 2.4 GHz\n" : "\n"
    text +=
      "cells (1 m): \(fit.cellCounts.training) fitted, \(fit.cellCounts.heldOut) held out in \(fit.block.formatted(decimals: 0)) m blocks\n"
    if fit.heldOut.readings > 0 {
      text +=
        "RSSI error of the fitted model's mean, held out: single readings RMS \(fit.heldOut.rms.formatted(decimals: 1)) dB, p90 \(fit.heldOut.p90.formatted(decimals: 1)) dB (\(fit.heldOut.readings)); "
        + "cell means RMS \(fit.heldOutCells.rms.formatted(decimals: 1)) dB, p90 \(fit.heldOutCells.p90.formatted(decimals: 1)) dB (\(fit.heldOutCells.readings)); fitted cells, single readings: RMS \(fit.training.rms.formatted(decimals: 1)) dB\n"
        + "with the shadowing the fitted cells imply nearby, held out: single readings RMS \(fit.heldOutConditioned.rms.formatted(decimals: 1)) dB, p90 \(fit.heldOutConditioned.p90.formatted(decimals: 1)) dB\n"
        + "  the fitted spreads expect RMS \(fit.heldOut.expected.formatted(decimals: 1)) dB of the model and \(fit.heldOutConditioned.expected.formatted(decimals: 1)) dB with the shadowing; no prediction of a single reading can beat \(fit.readingNoise.formatted(decimals: 1)) dB, what fading, the scan and walk offsets and slow fading leave at one place\n"
    } else {
      text += "no held-out readings: the survey is too small to measure the fit\n"
    }
    text += "parameter                   value     ± (AP bootstrap)\n"
    let m = fit.model
    let rows: [(key: String, unit: String, value: Double)] = [
      ("reference_power_24", "dBm", m.referencePower24),
      ("reference_power_5", "dBm", m.referencePower5),
      ("exponent", "", m.exponent), ("light_wall_loss", "dB", m.lightWallLoss),
      ("heavy_wall_loss", "dB", m.heavyWallLoss), ("floor_loss_24", "dB", m.floorLoss24),
      ("floor_loss_5", "dB", m.floorLoss5), ("shadowing_sigma", "dB", m.shadowingSigma),
      ("decorrelation_distance", "m", m.decorrelationDistance),
      ("fading_sigma", "dB", m.fadingSigma), ("scan_offset_sigma", "dB", m.scanOffsetSigma),
      ("walk_fading_sigma", "dB", m.walkFadingSigma),
      ("walk_offset_sigma", "dB", m.walkOffsetSigma),
      ("detection_midpoint", "dBm", m.detectionMidpoint),
      ("detection_width", "dB", m.detectionWidth),
      ("sensitivity", "dBm", m.sensitivity), ("scan_interval", "s", m.scanInterval),
      ("stale_share", "", m.staleShare),
    ]
    for (key, unit, value) in rows {
      let name = (key + (unit.isEmpty ? "" : " " + unit)).padding(
        toLength: 27, withPad: " ", startingAt: 0)
      let shown = value.formatted(decimals: 2).padding(toLength: 9, withPad: " ", startingAt: 0)
      let error = fit.standardErrors[key].map { $0.formatted(decimals: 2) } ?? ""
      text +=
        "\(name) \(shown) "
        + (fit.fitted.contains(key) ? error : "default (the survey cannot tell)") + "\n"
    }
    return text
  }
}
