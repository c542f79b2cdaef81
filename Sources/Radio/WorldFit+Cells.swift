import FingerpostCore
import FloorPlans
import Foundation
import Geometry
import Randomness

extension WorldFit {
  /// Scans pooled at one place: their floor, mean position, count, and whether held out.
  struct Cell: Sendable {
    var floor: Int
    var point: Point
    var scans: Int
    var heldOut: Bool
  }

  /// A square of the floor grid (cells, held-out blocks, pairs' neighbourhoods) as a key:
  /// the floor and the square's column and row for squares of `size` metres.
  struct Square: Hashable, Comparable, Sendable {
    var floor: Int, x: Int, y: Int

    /// The square of `size` metres on `floor` that holds `point`.
    init(floor: Int, point: Point, size: Double) {
      self.init(
        floor: floor, x: Int((point.x / size).rounded(.down)),
        y: Int((point.y / size).rounded(.down)))
    }

    /// The square at column `x` and row `y` of `floor`.
    init(floor: Int, x: Int, y: Int) { (self.floor, self.x, self.y) = (floor, x, y) }

    /// Floor by floor, then column, then row: a fixed order for what is drawn or summed.
    static func < (a: Square, b: Square) -> Bool { (a.floor, a.x, a.y) < (b.floor, b.x, b.y) }
  }

  /// One radio's readings in one cell: how many, their sum and sum of squares (dBm, dBm²).
  struct Tally: Sendable {
    var cell: Int
    var heard = 0
    var sum = 0.0
    var squares = 0.0
    var mean: Double { sum / Double(heard) }
  }

  /// One training cell mean of one placed radio, with what the model needs there: the log
  /// distance (10·log10 metres), the light and heavy walls and the floors between.
  struct Row: Sendable {
    var radio: Int
    var cell: Int
    var rssi: Double
    var weight: Double
    var features: [Double]
    /// How far above the field's mean the detection curve leaves reported readings here, dB.
    var excess = 0.0
    /// The cell mean less the excess: what the model's mean is fitted to, dBm.
    var level: Double { rssi - excess }
  }

  /// The fit's state: cells, tallies, placements, powers and the shared parameters.
  struct Work: Sendable {
    let plans: FloorPlanSet
    let radios: [Radio]
    let settings: Settings
    var model: PropagationModel
    /// Heavy walls per plan.
    let heavy: [[Bool]]
    var cells: [Cell] = []
    /// The cell of each sample.
    var sampleCells: [Int] = []
    /// Per radio, its readings per cell (every cell, held out or not).
    var tallies: [[Tally]] = []
    /// Per radio, its floor (plan index) and position, once placed.
    var positions: [(floor: Int, point: Point)?] = []
    /// Per radio, its power at 1 m, dBm.
    var powers: [Double] = []
    /// The training rows, radio by radio.
    var rows: [Row] = []
    /// Shared parameters: exponent, light wall, heavy wall, floor 2.4 GHz, floor 5 GHz (dB).
    var theta: [Double]
    /// Which of `theta` the survey can tell.
    var free = [Bool](repeating: false, count: 5)
    /// The weakest readings but the last 0.1 %, dBm.
    var weakest: Double?
    /// World-file keys fitted so far.
    var fitted: Set<String> = []

    static let thetaKeys = [
      "exponent", "light_wall_loss", "heavy_wall_loss", "floor_loss_24", "floor_loss_5",
    ]

    init(plans: FloorPlanSet, radios: [Radio], settings: Settings, model: PropagationModel) {
      self.plans = plans
      self.radios = radios
      self.settings = settings
      self.model = model
      heavy = plans.plans.map { model.heavyWalls(of: $0) }
      theta = [
        model.exponent, model.lightWallLoss, model.heavyWallLoss, model.floorLoss24,
        model.floorLoss5,
      ]
      positions = Array(repeating: nil, count: radios.count)
      powers = radios.map { model.referencePower($0.band) }
    }

    /// Pools `samples` into cells and tallies, and holds out whole blocks at random.
    mutating func pool(_ samples: [Sample], generator: RandomGenerator) {
      var index: [Square: Int] = [:]
      var sums: [Point] = []
      var perRadio = [[Int: Tally]](repeating: [:], count: radios.count)
      for sample in samples {
        let key = Square(floor: sample.floor.index, point: sample.point, size: settings.cell)
        let c: Int
        if let known = index[key] {
          c = known
        } else {
          c = cells.count
          index[key] = c
          cells.append(Cell(floor: key.floor, point: .zero, scans: 0, heldOut: false))
          sums.append(.zero)
        }
        cells[c].scans += 1
        sums[c] = sums[c] + sample.point
        sampleCells.append(c)
        for reading in sample.readings where radios.indices.contains(reading.radio) {
          perRadio[reading.radio][c, default: Tally(cell: c)].heard += 1
          perRadio[reading.radio][c]!.sum += reading.rssi
          perRadio[reading.radio][c]!.squares += reading.rssi * reading.rssi
        }
      }
      for c in cells.indices { cells[c].point = sums[c] / Double(cells[c].scans) }
      let levels = samples.flatMap { $0.readings.map(\.rssi) }.sorted()
      if levels.count >= 100 { weakest = levels[levels.count / 1000] }
      // Blocks in a fixed order, each drawn once.
      var blocks: [Square: [Int]] = [:]
      for c in cells.indices {
        let key = Square(floor: cells[c].floor, point: cells[c].point, size: settings.block)
        blocks[key, default: []].append(c)
      }
      for key in blocks.keys.sorted() where generator.uniform() < settings.heldOutShare {
        for c in blocks[key]! { cells[c].heldOut = true }
      }
      tallies = perRadio.map { $0.values.sorted { $0.cell < $1.cell } }
    }

    /// The training tallies of radio `r`.
    func trainingTallies(_ r: Int) -> [Tally] {
      tallies[r].filter { !cells[$0.cell].heldOut }
    }

    /// Log distance, light walls, heavy walls and floors from radio `r` to cell `c`, or `nil`
    /// when the radio is not placed or too many floors away.
    func features(radio r: Int, cell c: Int, found: inout [Int32]) -> [Double]? {
      guard let position = positions[r] else { return nil }
      let cell = cells[c]
      let plan = plans.plans[cell.floor]
      let floors = abs(plan.ordinal - plans.plans[position.floor].ordinal)
      guard floors <= model.maximumFloors else { return nil }
      let horizontal = cell.point.distance(to: position.point)
      let vertical = Double(floors) * model.floorHeight + model.antennaHeightDifference
      let distance = max(1, (horizontal * horizontal + vertical * vertical).squareRoot())
      let walls = walls(on: cell.floor, from: position.point, to: cell.point, found: &found)
      let f = Double(floors)
      return [
        10 * log10(distance), walls.light, walls.heavy,
        radios[r].band == .ghz2_4 ? f : 0, radios[r].band == .ghz2_4 ? 0 : f,
      ]
    }

    /// The light and heavy walls of plan `floor` between `a` and `b` (`found` is scratch).
    func walls(on floor: Int, from a: Point, to b: Point, found: inout [Int32]) -> (
      light: Double, heavy: Double
    ) {
      plans.plans[floor].wallsCrossed(by: Segment(a, b), into: &found)
      let heavyCount = found.reduce(0) { $0 + (heavy[floor][Int($1)] ? 1 : 0) }
      return (Double(found.count - heavyCount), Double(heavyCount))
    }

    /// The model's mean RSSI of radio `r` where it has `features`, dBm.
    func mean(radio r: Int, features x: [Double]) -> Double {
      var value = powers[r]
      for k in 0..<5 { value -= theta[k] * x[k] }
      return value
    }
  }
}
