import Foundation

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

    /// `wrapper`: a command that runs the binary (`prlimit --as=N`, `setpriv --reuid=...`), empty for none.
    @discardableResult
    static func run(
        _ arguments: [String], environment: [String: String] = [:], wrapper: [String] = [], in directory: URL? = nil
    ) throws -> CommandResult {
        try Subprocess.run(
            wrapper.first.map { URL(fileURLWithPath: $0) } ?? binary,
            wrapper.isEmpty ? arguments : wrapper.dropFirst() + [binary.path] + arguments,
            environment: environment, in: directory)
    }

    /// Sanitizers reserve terabytes of address space, so an address-space limit means nothing under them.
    static let sanitized = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

    /// A wrapper that kills the command after `seconds` (status 137) and, outside the sanitizers, caps its address
    /// space (what `ulimit -v` sets): a hang or a runaway allocation fails the test instead of stalling the machine.
    /// Tests check the status and the message, never the time.
    static func bounded(seconds: Int = 60, memoryMiB: Int? = nil) -> [String] {
        let kill = ["/usr/bin/timeout", "--signal=KILL", "\(seconds)"]
        guard let memoryMiB, !sanitized else { return kill }
        return kill + ["/usr/bin/prlimit", "--as=\(memoryMiB << 20)", "--"]
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

    /// The status `timeout --signal=KILL` gives a command it had to kill.
    static let killed: Int32 = 137

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stickerpack-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A real child process: its exit status and both outputs.
enum Subprocess {
    /// `environment` is added to this process's own; `input`, when given, is written to the child's stdin.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        in directory: URL? = nil
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
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
