import Foundation

/// CPU time of this process, for the benchmarks: the machine is shared, so wall time would count other work.
public enum ProcessClock {
    public static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
