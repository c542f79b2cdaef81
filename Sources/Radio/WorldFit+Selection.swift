import Foundation

extension WorldFit.Work {
  /// The variance of one reading about the model's mean: the shadowing and what varies at
  /// one place, dB².
  var readingVariance: Double {
    model.shadowingSigma * model.shadowingSigma + model.readingNoiseVariance
  }

  /// Sets each training row's excess: how far above the model's mean the detection curve
  /// leaves the readings a survey holds there (`PropagationModel.reportedExcess`). Where an
  /// AP is faint only its lucky readings are reported; fitted to them as they are, the path
  /// loss would flatten and the floor loss shrink.
  mutating func correctSelection() {
    let variance = readingVariance
    for i in rows.indices {
      let mean = mean(radio: rows[i].radio, features: rows[i].features)
      rows[i].excess = model.reportedExcess(mean: mean, variance: variance)
    }
  }

  /// Refits the losses, spreads, detection curve and scan offset to the training rows less
  /// their excess, `rounds` times (each round's excess from the model of the one before).
  mutating func fitSelection(_ samples: [WorldFit.Sample], rounds: Int) {
    for _ in 0..<rounds {
      correctSelection()
      solveLosses()
      fitSpreads()
      fitDetection()
      fitScanOffset(samples)
      fitWalkFading(samples)
    }
  }
}
