// Runs the lossless step (`LosslessOptimizer.optimize`) on files and writes each result, for the comparison
// with pyoxipng and gifsicle (lossless_vs_oxipng.py). One TSV line per file:
//
//   lossless-bench --out DIR FILE...
//     path, bytes in, bytes out, CPU seconds (read + optimize, which decodes and verifies), steps ("; ")
//
// Files that do not decode are named on standard error and left out. Output files keep their names in DIR
// (the caller makes names unique). Seconds are CPU time of the process (the machine is shared: wall time
// would count other work).
import BenchSupport
import Foundation
import StickerImage
import StickerLossless

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, arguments[0] == "--out" else { fail("usage: lossless-bench --out DIR FILE...") }
let out = URL(fileURLWithPath: arguments[1])
for path in arguments.dropFirst(2) {
    let start = ProcessClock.cpuSeconds()
    do {
        let bytes = try ImageDecoder.readFile(at: path)
        let result = try LosslessOptimizer.optimize(bytes)
        let seconds = ProcessClock.cpuSeconds() - start
        let target = out.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
        try Data(result.bytes).write(to: target)
        print(
            [
                path, "\(bytes.count)", "\(result.bytes.count)", String(format: "%.4f", seconds),
                result.steps.joined(separator: "; "),
            ].joined(separator: "\t"))
    } catch {
        // A file that does not decode is reported and left out (the sample packs hold broken ones on purpose).
        FileHandle.standardError.write(Data("skipped \(path): \(error)\n".utf8))
    }
}
