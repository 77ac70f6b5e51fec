import CPlatform
import Foundation

/// What differs between the machines stickerpack runs on, kept in this one place. The C kernels decide for
/// themselves whether the CPU has their instructions (x86-64 only; on arm64 they are stubs that say no);
/// this decides whether they may run at all.
public enum Platform {
    /// `STICKERPACK_PORTABLE=1` turns every x86 path off (the resampler's and the quality score's AVX2/FMA
    /// kernels, the blur's AVX-512 ones, the dithering's AVX kernel, the SHA extensions), so an x86-64 machine runs
    /// the portable paths an Apple Silicon Mac runs.
    /// Read once, at first use; nothing else reads the variable.
    public static let portable: Bool = ProcessInfo.processInfo.environment["STICKERPACK_PORTABLE"] == "1"

    /// Whether an x86 path runs: the CPU reports it (`cpuHasIt`, a C check's non-zero answer) and
    /// STICKERPACK_PORTABLE does not turn it off.
    public static func x86Path(_ cpuHasIt: Int32) -> Bool { !portable && cpuHasIt != 0 }

    /// Has freed memory kept for the next allocation. glibc hands a freed block above its threshold (128 KB at
    /// first: a frame, a score's plane) back to the kernel, and the next one faults its pages in again, zeroed.
    /// With blocks under 32 MB kept in the heap, fit's animated bench set took a fifth fewer page faults (786,000 to
    /// 622,000). macOS's allocator keeps freed blocks for reuse itself; nothing is set there.
    public static func keepFreedMemory() {
        cp_keep_freed_memory()
    }
}
