// How often each memo of fit's cache answered, and how often it had to make the answer: one file after another
// with fit's default options, the files sharing one zlib memo as a run's do. One TSV line per file and memo:
//
//   fit-cache-bench FILE...
//     file, outcome, memo, hits, made
//
// then a line per memo with the totals over the files ("all"), the run's zlib memo ("deflate") last. A file that
// needed no search (it fits, or does not decode) has no memo lines. The counts are the same on every run: the
// search is deterministic.
import Foundation
import StickerFit

let files = Array(CommandLine.arguments.dropFirst())
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: fit-cache-bench FILE...\n".utf8))
    exit(2)
}
let deflate = StickerFitter.runMemo()
var totals: [String: (hits: Int, made: Int)] = [:]
var order: [String] = []
print("file\toutcome\tmemo\thits\tmade")
for path in files {
    let (result, counts) = StickerFitter.fitCounting(path, options: FitOptions(), deflate: deflate)
    let name = URL(fileURLWithPath: path).lastPathComponent
    for (memo, counter) in counts?.named ?? [] {
        print("\(name)\t\(result.kind.rawValue)\t\(memo)\t\(counter.hits)\t\(counter.made)")
        if totals[memo] == nil { order.append(memo) }
        let sum = totals[memo] ?? (0, 0)
        totals[memo] = (sum.hits + counter.hits, sum.made + counter.made)
    }
}
for memo in order { print("all\t\t\(memo)\t\(totals[memo]!.hits)\t\(totals[memo]!.made)") }
let zlib = deflate.hitCounts
print("all\t\tdeflate\t\(zlib.hits)\t\(zlib.made)")
