import CPlatform
import Foundation

/// What differs between the machines stickerpack runs on, kept in this one place. The C kernels decide for
/// themselves whether the CPU has their instructions (x86-64 only; on arm64 they are stubs that say no);
/// this decides whether they may run at all.
public enum Platform {
    /// `STICKERPACK_PORTABLE=1` turns every x86 path off (the resampler's and the quality score's AVX2/FMA
    /// kernels, the dithering's AVX kernel, the SHA extensions), so an x86-64 machine runs the portable paths an
    /// Apple Silicon Mac runs.
    /// Read once, at first use; nothing else reads the variable.
    public static let portable: Bool = ProcessInfo.processInfo.environment["STICKERPACK_PORTABLE"] == "1"

    /// Whether an x86 path runs: the CPU reports it (`cpuHasIt`, a C check's non-zero answer) and
    /// STICKERPACK_PORTABLE does not turn it off.
    public static func x86Path(_ cpuHasIt: Int32) -> Bool { !portable && cpuHasIt != 0 }

    /// Has freed memory kept for the next allocation. glibc hands a freed block of 128 KB to 32 MB (a frame, a
    /// score's plane) back to the kernel at once, and the next one of that size faults its pages in again, zeroed:
    /// on fit's animated bench set that was 7.5 s of 96 s of CPU. Blocks under 64 MB now come from the heap and stay
    /// there, up to 1 GB free at its top. macOS's allocator keeps freed blocks for reuse itself; nothing is set there.
    public static func keepFreedMemory() {
        _ = cp_keep_freed_memory()
    }
}
