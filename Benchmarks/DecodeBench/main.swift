// Times full decodes (every frame composited to an RGBA canvas) of files already in memory, single-threaded.
//
//   decode-bench [--runs N] [--list FILE] [FILE...]
//
// Every file is read once before any timing starts, so file I/O is not measured. Each file is then decoded
// once to warm up and N more times (default 5), each decode timed with the monotonic ContinuousClock.
// Output is TSV on stdout, one line per file, after a '#' header line:
//
//   path  format  median_seconds  frames  bytes  error
//
// format is what the decoder found (png, apng, gif, jpeg); a file that fails to read or decode has format
// "error", median "-" and the error in the last column (empty otherwise).
import Foundation
import StickerImage

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("decode-bench: \(message)\n".utf8))
    exit(2)
}

var runs = 5
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs", "-n":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            fail("--runs needs a positive count")
        }
        runs = value
    case "--list":
        guard let listPath = arguments.popFirst() else { fail("--list needs a file") }
        guard let list = FileManager.default.contents(atPath: listPath) else {
            fail("cannot read the list \(listPath)")
        }
        paths += String(decoding: list, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init).filter {
            !$0.isEmpty
        }
    case "--help", "-h":
        print("usage: decode-bench [--runs N] [--list FILE] [FILE...]")
        exit(0)
    default:
        paths.append(argument)
    }
}
if paths.isEmpty { fail("no files; usage: decode-bench [--runs N] [--list FILE] [FILE...]") }

// All reading first: the timed loop below touches memory only.
let limits = DecodeLimits.default
let inputs: [(path: String, bytes: Result<[UInt8], DecodeError>)] = paths.map { path in
    (path, Result { () throws(DecodeError) in try ImageDecoder.readFile(at: path, limits: limits) })
}

func clean(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
}

let clock = ContinuousClock()
// One worker's pixel buffers, reused from decode to decode as each lint worker reuses its own.
let buffers = PixelBuffers()
print("# path\tformat\tmedian_seconds\tframes\tbytes\terror")
for (path, read) in inputs {
    let bytes: [UInt8]
    switch read {
    case .success(let value): bytes = value
    case .failure(let error):
        print("\(path)\terror\t-\t0\t0\t\(clean("cannot read: \(error)"))")
        continue
    }
    // Warm-up, which also tells the format and frame count (and whether the file decodes at all).
    let image: DecodedImage
    do {
        image = try ImageDecoder.decode(bytes, limits: limits)
    } catch {
        print("\(path)\terror\t-\t0\t\(bytes.count)\t\(clean(error.description))")
        continue
    }
    var seconds: [Double] = []
    seconds.reserveCapacity(runs)
    var frames = 0
    for _ in 0..<runs {
        let start = clock.now
        // The result is used (frame count) so the decode cannot be optimised away; its buffers are given back
        // inside the timing, as lint's workers give them back (and as Pillow frees its images).
        if let decoded = try? ImageDecoder.decode(bytes, limits: limits, buffers: buffers) {
            frames = decoded.frames.count
            buffers.reclaim(decoded)
        } else {
            frames = -1
        }
        let elapsed = start.duration(to: clock.now)
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    seconds.sort()
    let median =
        seconds.count % 2 == 1
        ? seconds[seconds.count / 2]
        : (seconds[seconds.count / 2 - 1] + seconds[seconds.count / 2]) / 2
    precondition(frames == image.frames.count, "\(path): decodes differ between runs")
    print("\(path)\t\(image.format.rawValue)\t\(median)\t\(frames)\t\(bytes.count)\t")
}
