// Times SSIMULACRA2 single-threaded on pairs of image files: prints one TSV line per pair, "distorted
// path<TAB>seconds per score (median)<TAB>score<TAB>fastest run<TAB>seconds per score against a prepared
// original (median), as `fit` scores its candidates". Seconds are CPU time of the process (the
// machine is shared: wall time would count other people's builds). The workspace is made once and reused,
// as `fit` does; decoding is not timed.
//
//   quality-bench [--runs N] ORIGINAL DISTORTED [ORIGINAL DISTORTED ...]
import BenchSupport
import Foundation
import StickerImage
import StickerQuality

var runs = 21
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs" {
        runs = Int(arguments.popFirst() ?? "") ?? runs
    } else {
        paths.append(argument)
    }
}
guard !paths.isEmpty, paths.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: quality-bench [--runs N] ORIGINAL DISTORTED ...\n".utf8))
    exit(2)
}

for index in Swift.stride(from: 0, to: paths.count, by: 2) {
    let original = try ImageDecoder.decodeFile(at: paths[index]).frames[0].image
    let distorted = try ImageDecoder.decodeFile(at: paths[index + 1]).frames[0].image
    let metric = SSIMULACRA2(maximumWidth: original.width, maximumHeight: original.height)
    let white = RGBColor(red: 255, green: 255, blue: 255)
    var times: [Double] = []
    var score = 0.0
    for _ in 0..<(runs + 1) {
        let start = ProcessClock.cpuSeconds()
        score = metric.score(original: original, distorted: distorted, background: white)
        times.append(ProcessClock.cpuSeconds() - start)
    }
    times.removeFirst()  // warm-up
    times.sort()
    let prepared = metric.prepare(original: original, background: white)
    var preparedTimes: [Double] = []
    for _ in 0..<runs {
        let start = ProcessClock.cpuSeconds()
        _ = metric.score(prepared: prepared, distorted: distorted)
        preparedTimes.append(ProcessClock.cpuSeconds() - start)
    }
    preparedTimes.sort()
    print("\(paths[index + 1])\t\(times[times.count / 2])\t\(score)\t\(times[0])\t\(preparedTimes[runs / 2])")
}
