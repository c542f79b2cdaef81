import Benchmark
import Foundation
import JSON

/// The IMDF feature files of the PolyMap venue in `../shared/data`, when present.
func polyMapFiles() -> [Data] {
  let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/data/imdf-polymap")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".geojson") || $0.hasSuffix(".json") }.sorted().compactMap {
    try? Data(contentsOf: folder.appendingPathComponent($0))
  }
}

/// Why the venue loader has its own JSON parser: every file of a real venue (PolyMap, 3.4 MB of
/// GeoJSON) parsed into a value tree by it, by Foundation's `JSONSerialization`, and by
/// `JSONDecoder` into the same `JSONValue` tree (its `Decodable` conformance).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput], maxDuration: .seconds(5))
  let files = polyMapFiles()
  guard !files.isEmpty else {
    print("JSONBenchmarks: ../shared/data/imdf-polymap is absent; nothing to measure")
    return
  }
  let bytes = files.reduce(0) { $0 + $1.count }
  Benchmark("PolyMap (\(files.count) files, \(bytes / 1000) kB): JSONParser (ours)") { benchmark in
    for _ in benchmark.scaledIterations {
      for file in files { blackHole(try! JSONParser.parse(file)) }
    }
  }
  Benchmark("PolyMap: Foundation JSONSerialization") { benchmark in
    for _ in benchmark.scaledIterations {
      for file in files { blackHole(try! JSONSerialization.jsonObject(with: file)) }
    }
  }
  Benchmark("PolyMap: Foundation JSONDecoder into JSONValue") { benchmark in
    let decoder = JSONDecoder()
    for _ in benchmark.scaledIterations {
      for file in files { blackHole(try! decoder.decode(JSONValue.self, from: file)) }
    }
  }
}
