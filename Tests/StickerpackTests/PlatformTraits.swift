import Testing

/// Tests that need Linux's tools (`prlimit`, `setpriv`, `mount -t tmpfs`) carry this marker; on macOS (the
/// GitHub workflow's second job) they are reported as skipped, not deleted.
extension Trait where Self == ConditionTrait {
    static var linuxTools: Self {
        #if os(Linux)
            .enabled(if: true, "runs on Linux")
        #else
            .disabled("needs Linux's prlimit, setpriv or tmpfs mounts")
        #endif
    }
}
