import Foundation
import Testing

/// Runs the built `stickerpack` binary as a user would, in a real subprocess.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum Stickerpack {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpora = packageRoot.appendingPathComponent("Tests/Corpora")

    /// The binary sits beside the test bundle in the build folder (debug or release).
    static let binary: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("stickerpack")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/stickerpack")
    }()

    static func corpus(_ relative: String) -> String { corpora.appendingPathComponent(relative).path }
    static func sample(_ relative: String) -> String {
        packageRoot.appendingPathComponent("SamplePacks/" + relative).path
    }

    /// Runs the binary with `arguments`. `bounds`: a deadline and a memory cap (see `bounded`); `unprivileged`:
    /// as a user file permissions apply to, which for root means as nobody (see `TestPlatform.asNobody`).
    @discardableResult
    static func run(
        _ arguments: [String], environment: [String: String] = [:], bounds: RunBounds? = nil,
        unprivileged: Bool = false,
        in directory: URL? = nil
    ) throws -> CommandResult {
        let asNobody = unprivileged && TestPlatform.isRoot
        var command = [(asNobody ? try binaryForNobody() : binary).path] + arguments
        if asNobody { command = TestPlatform.asNobody + command }
        if let memoryMiB = bounds?.memoryMiB, !sanitized, TestPlatform.enforcesAddressSpaceLimit {
            // The shell sets the limit in the child only, then becomes the command.
            command = ["/bin/sh", "-c", "ulimit -v \(memoryMiB << 10) && exec \"$@\"", "sh"] + command
        }
        let result = try Subprocess.run(
            URL(fileURLWithPath: command[0]), Array(command.dropFirst()), environment: environment, in: directory,
            deadline: bounds?.seconds)
        // A sanitizer's report in the child fails the test whatever its status, and is shown whole: a test that
        // expects a failing status would pass over it, and one that checks stdout would not say why.
        if sanitized, let report = sanitizerReport(result.stderr) {
            Issue.record("stickerpack \(arguments.joined(separator: " ")): \(report)")
        }
        return result
    }

    /// The first sanitizer report in `stderr`, from its opening line on.
    static func sanitizerReport(_ stderr: String) -> Substring? {
        let openings = [
            "WARNING: ThreadSanitizer", "ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:",
        ]
        guard let start = openings.compactMap({ stderr.range(of: $0)?.lowerBound }).min() else { return nil }
        return stderr[start...].prefix(6000)
    }

    /// Sanitizers reserve terabytes of address space, so an address-space limit means nothing under them.
    static let sanitized = TestPlatform.loadedSymbol("__asan_init") || TestPlatform.loadedSymbol("__tsan_init")

    /// A deadline after which the test kills the command (status 137) and, on Linux outside the sanitizers, a cap
    /// on its address space (what `ulimit -v` sets): a hang or a runaway allocation fails the test instead of
    /// stalling the machine. Tests check the status and the message, never the time.
    static func bounded(seconds: Int = 60, memoryMiB: Int? = nil) -> RunBounds {
        RunBounds(seconds: seconds, memoryMiB: memoryMiB)
    }

    /// Under the sanitizers, where no address-space cap applies, their allocator refuses (returns NULL for) any
    /// allocation over `memoryMiB`, so a huge malloc in C still fails as it would under the cap.
    static func allocationCap(memoryMiB: Int) -> [String: String] {
        guard sanitized else { return [:] }
        let environment = ProcessInfo.processInfo.environment
        let cap = "allocator_may_return_null=1:max_allocation_size_mb=\(memoryMiB)"
        return ["ASAN_OPTIONS", "TSAN_OPTIONS"].reduce(into: [:]) { options, name in
            options[name] = environment[name].map { $0 + ":" + cap } ?? cap
        }
    }

    /// The status of a command killed at its deadline (128 + SIGKILL, as a shell reports it).
    static let killed: Int32 = 137

    /// A copy of the binary in a folder every user may enter: the clone may sit in a private folder (mktemp -d,
    /// a home folder), where the unprivileged user cannot reach the build.
    static func binaryForNobody() throws -> URL {
        try nobodyCopy.get()
    }

    private static let nobodyCopy = Result<URL, any Error> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stickerpack-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let copy = folder.appendingPathComponent("stickerpack")
        try FileManager.default.copyItem(at: binary, to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        return copy
    }

    /// A copy of a sample pack (or file) in a new folder every user may read, for runs as nobody.
    static func sampleForNobody(_ relative: String) throws -> String {
        let folder = try temporaryDirectory()
        let copy = folder.appendingPathComponent((relative as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: sample(relative), toPath: copy.path)
        // The copies keep the clone's modes, which a umask of 077 makes private.
        var paths = [copy.path]
        if let walk = FileManager.default.enumerator(atPath: copy.path) {
            paths += walk.compactMap { $0 as? String }.map { copy.path + "/" + $0 }
        }
        for path in paths {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            try FileManager.default.setAttributes(
                [.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
        }
        return copy.path
    }

    /// A new folder any user may enter and read (some runs are as nobody), whatever the umask.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stickerpack-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        return url
    }
}

/// How long a run may take and how much address space it may have (`Stickerpack.bounded`).
struct RunBounds {
    var seconds: Int
    var memoryMiB: Int?
}

/// A real child process: its exit status and both outputs.
enum Subprocess {
    /// `environment` is added to this process's own; `input`, when given, is written to the child's stdin;
    /// `deadline`: seconds after which the child is killed (status 137, as a shell reports a SIGKILL).
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        in directory: URL? = nil, deadline: Int? = nil
    ) throws -> CommandResult {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let deadline {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(deadline)) {
                if process.isRunning { kill(pid, SIGKILL) }
            }
        }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let signalled = process.terminationReason == .uncaughtSignal
        return CommandResult(
            status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
