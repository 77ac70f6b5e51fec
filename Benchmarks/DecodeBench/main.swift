// Times full decodes (every frame composited to RGBA) of files already in memory, single-threaded.
// Prints one TSV line per file: path, format, median seconds per decode, frames.
//
//   decode-bench [--runs N] [--list FILE] [FILE...]
import Foundation
import StickerImage

var runs = 5
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--list":
        let list = (try? String(contentsOfFile: arguments.popFirst() ?? "", encoding: .utf8)) ?? ""
        paths += list.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    default: paths.append(argument)
    }
}

for path in paths {
    // File reading is not part of the timing.
    guard let bytes = try? FileBytes.read(path, limit: 1 << 28) else {
        print("\(path)\t-\t-\t-")
        continue
    }
    var times: [Double] = []
    var frames = 0
    var format = "-"
    for _ in 0..<(runs + 1) {
        let start = DispatchTime.now().uptimeNanoseconds
        let image = try? ImageDecoder.decode(bytes)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        frames = image?.frames.count ?? 0
        format = image?.format.rawValue ?? "error"
    }
    times.removeFirst()
    times.sort()
    print("\(path)\t\(format)\t\(times[times.count / 2])\t\(frames)")
}
