import Foundation
import StickerFuzz

/// `stickerpack-fuzz TARGET ARGS...`. Built with -sanitize=fuzzer and -DFUZZING (Tests/Fuzz/fuzz.sh), ARGS go to
/// libFuzzer; in a plain build ARGS are files replayed through the target, to reproduce a finding.
@main
struct FuzzRunner {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            FileHandle.standardError.write(
                Data(
                    "usage: stickerpack-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) ARGS...\n"
                        .utf8))
            exit(2)
        }
        #if FUZZING
            runFuzzer(target, arguments: [arguments[0]] + arguments.dropFirst(2))
        #else
            for path in arguments.dropFirst(2) {
                do {
                    try target.replay(file: path)
                    print("\(path): no crash")
                } catch {
                    FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
                    exit(1)
                }
            }
        #endif
    }
}

#if FUZZING
    // SwiftPM links an executable's main itself (libFuzzer's main is overridden), so libFuzzer's driver is
    // called from ours; the fuzzer's runtime still wants this symbol defined.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The callback cannot capture, so the chosen target waits here.
    nonisolated(unsafe) var fuzzTarget = FuzzTarget.png

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzTarget.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    func runFuzzer(_ target: FuzzTarget, arguments: [String]) -> Never {
        fuzzTarget = target
        var argc = CInt(arguments.count)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let status = cArguments.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
        }
        exit(status)
    }
#endif
