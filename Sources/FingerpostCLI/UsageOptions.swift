import ArgumentParser
import FingerpostCore
import Foundation

/// `--verbose`: after the work, the wall time, CPU time and peak memory on standard error.
struct UsageOptions: ParsableArguments {
  @Flag(help: "Print the wall time, CPU time and peak memory when done (on standard error).")
  var verbose = false

  /// When the command started (set when the options are parsed).
  let started = ContinuousClock.now

  enum CodingKeys: CodingKey { case verbose }

  /// With `--verbose`, one line: `fingerpost COMMAND: 12.3 s wall, 20.1 s CPU, peak 456 MB`.
  func report(_ command: String) {
    guard verbose else { return }
    let wall = started.duration(to: .now)
    let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    let megabytes = Double(ProcessUsage.peakMemory) / 1_048_576
    printError(
      "fingerpost \(command): \(String(format: "%.2f", seconds)) s wall, "
        + "\(String(format: "%.2f", ProcessUsage.cpuTime)) s CPU, peak \(Int(megabytes.rounded())) MB"
    )
  }
}
