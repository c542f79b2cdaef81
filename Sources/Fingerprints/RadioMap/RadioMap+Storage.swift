import Foundation
import Geometry

extension RadioMap {
  /// One AP's expectation in one cell, quantized to 4 bytes: the expected RSSI in quarter dB,
  /// the spread in tenths of a dB (0–25.5) and the detection log-odds in 255 steps over
  /// [−6.9, 6.9] (p from 0.001 to 0.999). Stored as is in the map file.
  public struct Entry: Sendable, Hashable {
    /// Expected RSSI in units of 0.25 dBm.
    public var quarterDBm: Int16
    /// Spread (predictive standard deviation without the map's noise) in units of 0.1 dB.
    public var spreadCode: UInt8
    /// Detection log-odds code, 0…254 (see `logit(code:)`).
    public var detectionCode: UInt8

    /// Quantizes an expectation: RSSI (dBm), spread (dB) and detection probability (0…1).
    public init(rssi: Double, spread: Double, detection: Double) {
      // Not-a-number (never built, but never trusted) reads as not heard.
      let rssi = rssi.isNaN ? -110 : rssi
      let spread = spread.isNaN ? 25.5 : spread
      quarterDBm = Int16((rssi * 4).rounded().clamped(to: -32_768...32_767))
      spreadCode = UInt8((spread * 10).rounded().clamped(to: 0...255))
      let p = detection.isNaN ? 0.001 : detection.clamped(to: 0.001...0.999)
      let logit = log(p / (1 - p))
      detectionCode = UInt8(((logit + Self.logitBound) / (2 * Self.logitBound) * 254).rounded())
    }

    /// An entry from its stored fields.
    public init(quarterDBm: Int16, spreadCode: UInt8, detectionCode: UInt8) {
      self.quarterDBm = quarterDBm
      self.spreadCode = spreadCode
      self.detectionCode = detectionCode
    }

    /// What a level assumes of every AP in a cell outside its mapped area: −100 dBm, 10 dB,
    /// detection 0.001 (each value exact in its code).
    public static let unmapped = Entry(rssi: -100, spread: 10, detection: 0.001)

    /// The largest detection log-odds stored: log(0.999 / 0.001).
    static let logitBound = log(0.999 / 0.001)

    /// The expected RSSI in dBm.
    public var rssi: Double { Double(quarterDBm) / 4 }
    /// The spread in dB.
    public var spread: Double { Double(spreadCode) / 10 }
    /// The detection log-odds of a code.
    static func logit(code: UInt8) -> Double {
      Double(code) / 254 * 2 * logitBound - logitBound
    }
    /// The detection probability (0…1).
    public var detection: Double { 1 / (1 + exp(-Self.logit(code: detectionCode))) }
  }

  /// Where one AP of a level can be heard: a block of the level's grid, its entries row-major
  /// from `offset` in the level's `entries`.
  public struct Block: Sendable, Hashable {
    /// The block's first column and row.
    public var column: Int32, row: Int32
    /// The block's size in cells (0 × 0 when the AP is heard nowhere on the level).
    public var columns: Int32, rows: Int32
    /// Index of the block's first entry in the level's `entries`.
    public var offset: Int64

    /// The entry index of cell (`c`, `r`) of the grid, or nil outside the block.
    @inlinable
    func entry(column c: Int, row r: Int) -> Int? {
      let dc = c - Int(column)
      let dr = r - Int(row)
      guard dc >= 0, dr >= 0, dc < Int(columns), dr < Int(rows) else { return nil }
      return Int(offset) + dr * Int(columns) + dc
    }
  }

  /// The decoding of entries for the likelihood: per spread code, 1 / scale and the Student-t's
  /// log normaliser less log(scale) (the scale widened by the map's measurement noise); per
  /// detection code, the log-odds.
  struct Decoder: Sendable {
    /// 1 / scale per spread code (1/dB).
    let inverseScale: [Float]
    /// log normaliser − log(scale) per spread code.
    let scaleConstant: [Float]
    /// Detection log-odds per detection code.
    let logit: [Float]
    /// The Student-t kernel table (`LikelihoodTable.logKernel`), held here so that the
    /// likelihood reads it without a global's lazy check.
    let logKernel = LikelihoodTable.logKernel

    init(measurementSigma: Double) {
      let scales = (0..<256).map { code in
        let s = Double(code) / 10
        return (s * s + measurementSigma * measurementSigma).squareRoot()
      }
      inverseScale = scales.map { Float(1 / $0) }
      scaleConstant = scales.map { Float(LikelihoodTable.logNormaliser - log($0)) }
      logit = (0..<256).map { Float(Entry.logit(code: UInt8($0))) }
    }
  }
}

extension Comparable {
  /// The value limited to `range`.
  func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}

extension RadioMap {
  /// One AP's model on one level, what its expectation is away from where the survey heard it:
  /// a log-distance path loss, the spread there, and so (with the level's survey weight per
  /// cell) the detection probability. Cells outside the AP's block are computed from it.
  public struct AccessPointModel: Sendable, Hashable {
    /// The AP's estimated position, metres.
    public var position: Point
    /// RSSI at 1 m, dBm (or the AP's mean RSSI, with `exponent` 0, when no fit was possible).
    public var power: Double
    /// The path-loss exponent.
    public var exponent: Double
    /// The spread away from the survey's evidence (the model's residual spread and the noise), dB.
    public var spread: Double

    /// Creates a model.
    public init(position: Point, power: Double, exponent: Double, spread: Double) {
      self.position = position
      self.power = power
      self.exponent = exponent
      self.spread = spread
    }

    /// The model RSSI at `p`, dBm.
    public func rssi(at p: Point) -> Double {
      power - 10 * exponent * log10(max(p.distance(to: position), 1))
    }

    /// The detection probability at RSSI `rssi` before any survey evidence.
    static func prior(rssi: Double) -> Double { 1 / (1 + exp(-(rssi + 88) / 5)) }

    /// The expectation at `p` where the AP was never heard nearby: the model RSSI, its spread,
    /// and the prior detection (times the cell's `priorScale`) shrunk by the survey weight there
    /// (scans that did not hear it).
    func expectation(at p: Point, surveyWeight: Double, priorWeight: Double, priorScale: Double)
      -> (rssi: Double, spread: Double, detection: Double)
    {
      let mean = rssi(at: p)
      let detection =
        priorWeight * priorScale * Self.prior(rssi: mean) / (surveyWeight + priorWeight)
      return (mean, spread, min(max(detection, 0.001), 0.999))
    }
  }
}

extension RadioMap {
  /// An AP model ready for the likelihood's slow path, in single precision: a reading of an AP
  /// in a cell outside its block.
  struct FarModel: Sendable {
    let x: Float, y: Float
    let power: Float
    /// 10 × the path-loss exponent.
    let slope: Float
    /// 1 / scale of the Student-t (the model's spread widened by the measurement noise).
    let inverseScale: Float
    /// log normaliser − log(scale).
    let scaleConstant: Float

    init(_ model: AccessPointModel, measurementSigma: Double) {
      x = Float(model.position.x)
      y = Float(model.position.y)
      power = Float(model.power)
      slope = Float(10 * model.exponent)
      let s = Double(Float(model.spread))
      let scale = (s * s + measurementSigma * measurementSigma).squareRoot()
      inverseScale = Float(1 / scale)
      scaleConstant = Float(LikelihoodTable.logNormaliser - log(scale))
    }

    /// The log-likelihood term of `rssi` (dBm, the device offset removed) at `p` (metres), where
    /// the kernel-weighted survey scans around are `surveyWeight` and the prior's factor is
    /// `priorScale`.
    @inline(__always)
    func term(
      rssi: Float, at p: (x: Float, y: Float), surveyWeight: Float, priorWeight: Float,
      priorScale: Float
    ) -> Float {
      let (dx, dy) = (p.x - x, p.y - y)
      let mean = power - slope * log10f(max((dx * dx + dy * dy).squareRoot(), 1))
      let prior = 1 / (1 + expf(-(mean + 88) / 5))
      let q = min(
        max(priorWeight * priorScale * prior / (surveyWeight + priorWeight), 0.001), 0.999)
      let z = (rssi - mean) * inverseScale
      let nu = LikelihoodTable.degreesOfFreedom
      return scaleConstant + logf(q / (1 - q)) - (nu + 1) / 2 * log1pf(z * z / nu)
    }
  }
}
