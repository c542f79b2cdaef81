import FingerpostCore
import Foundation
import Geometry

// A scan's fingerprint is not always of where the walker is at its time stamp: real phones
// report readings taken a second or more before, and recorded ground truth has its own delay.
// With a `scanLag` (fitted from walks with truth, `WalkCalibration`), each particle is weighed
// where it is that long after the scan: carried along its own pace (the recent steps, with its
// step scale and heading bias) forward for a positive lag, back for a negative one. Weighing at
// once keeps the fixes up to date; waiting for the lag to pass was measured worse on real walks.

extension ParticleFilter {
  /// Seconds of steps that make the walker's pace.
  static let paceWindow = 1.5

  /// Where each particle is weighed for the current scan: its position, carried `scanLag`
  /// seconds along its pace over the last `paceWindow` seconds (metres).
  func weighingPoints() -> (x: [Double], y: [Double]) {
    var (x, y) = (particles.x, particles.y)
    let share = settings.scanLag / Self.paceWindow
    let steps = recentSteps.filter { $0.t > lastTime - Self.paceWindow }
    guard share != 0, !steps.isEmpty else { return (x, y) }
    let degrees = Double.pi / 180
    let (bias, scale, logWeight) = (particles.headingBias, particles.scale, particles.logWeight)
    for i in x.indices where logWeight[i] > -.infinity {
      for step in steps {
        let h = (step.heading - bias[i]) * degrees
        let l = step.length * scale[i] * share
        x[i] += l * sin(h)
        y[i] += l * cos(h)
      }
    }
    return (x, y)
  }
}
