import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What this process has used so far, from `getrusage(2)`.
public enum ProcessUsage {
  #if canImport(Glibc)
    private static let me = __rusage_who_t(RUSAGE_SELF.rawValue)
  #else
    private static let me = RUSAGE_SELF
  #endif

  /// The peak resident memory of the process, in bytes.
  public static var peakMemory: Int {
    var usage = rusage()
    guard getrusage(me, &usage) == 0 else { return 0 }
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }

  /// CPU time used by every thread of the process (user plus system), in seconds.
  public static var cpuTime: Double {
    var usage = rusage()
    guard getrusage(me, &usage) == 0 else { return 0 }
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The memory the machine can give this process now, in bytes: `MemAvailable` of
  /// `/proc/meminfo` where there is one, else the physical memory.
  public static var availableMemory: Int {
    if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    {
      return kilobytes * 1024
    }
    return Int(ProcessInfo.processInfo.physicalMemory)
  }
}
