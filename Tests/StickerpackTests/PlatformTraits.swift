import Foundation
import Testing

/// What differs between Linux and macOS for the tests, kept in this one place.
enum TestPlatform {
    static let isRoot = getuid() == 0

    /// Runs a command as the unprivileged user `nobody`: root reads and writes anywhere, so a test of a
    /// permission error runs the binary as nobody. util-linux's setpriv on Linux; no such tool ships with macOS.
    static var asNobody: [String] {
        #if os(Linux)
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        #else
            []
        #endif
    }

    /// Whether `ulimit -v` (RLIMIT_AS) bounds a process: Linux enforces it, macOS accepts and ignores it.
    static var enforcesAddressSpaceLimit: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// Whether a symbol is loaded in this process (a sanitizer's runtime, say). Glibc's RTLD_DEFAULT is a null
    /// handle; Darwin's is -2, which a null handle is not.
    static func loadedSymbol(_ name: String) -> Bool {
        #if os(Linux)
            dlsym(nil, name) != nil
        #else
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) != nil
        #endif
    }
}

extension Trait where Self == ConditionTrait {
    /// Tests that need Linux's tools or kernel (`mount -t tmpfs`, an enforced address-space limit); on macOS they
    /// are reported as skipped, with this reason, not deleted.
    static var linuxTools: Self {
        #if os(Linux)
            .enabled(if: true, "runs on Linux")
        #else
            .disabled("needs Linux: tmpfs mounts, or an address-space limit macOS does not enforce")
        #endif
    }

    /// Tests that meet a permission error: as root they run the binary as nobody, which needs Linux's setpriv.
    static var permissionErrors: Self {
        #if os(Linux)
            .enabled(if: true, "runs on Linux")
        #else
            .enabled(if: !TestPlatform.isRoot, "as root the test needs Linux's setpriv to run as nobody")
        #endif
    }
}
