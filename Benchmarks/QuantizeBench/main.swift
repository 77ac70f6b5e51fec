// Quantises PNGs with PaletteQuantizer and scores the results with the sticker score; also scores other
// tools' outputs, so peers are judged by the same measure. One TSV line per image.
//
//   quantize-bench quantize --colors N [--dither none|floydSteinberg|adaptive] [--runs R] [--out DIR] PNG...
//     path, CPU seconds of decode + quantise + remap (fastest of R runs), worst score, mean score, colours
//   quantize-bench score SOURCE CANDIDATE [SOURCE CANDIDATE ...]
//     candidate path, worst score, mean score, colours of the candidate
//
// Seconds are CPU time of the process (the machine is shared: wall time would count other work); the
// decode is timed because a peer program decodes too.
import BenchSupport
import Foundation
import StickerImage
import StickerPalette
import StickerQuality

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

@MainActor func value<T>(_ parse: (String) -> T?, _ usage: String) -> T {
    guard !arguments.isEmpty, let parsed = parse(arguments.removeFirst()) else { fail(usage) }
    return parsed
}

func distinctColors(_ frames: [AnimationFrame]) -> Int {
    var seen = Set<UInt32>()
    for frame in frames {
        frame.image.pixels.withUnsafeBytes { raw in
            for i in 0..<(raw.count / 4) { seen.insert(raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
        }
    }
    return seen.count
}

func score(source: DecodedImage, candidate: [AnimationFrame]) throws -> StickerScore {
    try StickerScorer(source: source).score(candidate)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { fail("usage: quantize-bench quantize|score ...") }
arguments.removeFirst()
var options = PaletteQuantizer.Options()
var runs = 3
var outputFolder: String?
var paths: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--colors": options.maxColors = value({ Int($0) }, "--colors N")
    case "--dither": options.dithering = value({ PaletteQuantizer.Dithering(rawValue: $0) }, "--dither MODE")
    case "--runs": runs = value({ Int($0) }, "--runs R")
    case "--out": outputFolder = arguments.removeFirst()
    default: paths.append(argument)
    }
}

switch mode {
case "quantize":
    for path in paths {
        var best = Double.infinity
        var source: DecodedImage?
        var quantized: QuantizedImage?
        for _ in 0..<max(runs, 1) {
            let start = ProcessClock.cpuSeconds()
            let decoded = try ImageDecoder.decodeFile(at: path)
            let result = PaletteQuantizer.quantize(decoded.frames.map(\.image), options: options)
            best = min(best, ProcessClock.cpuSeconds() - start)
            source = decoded
            quantized = result
        }
        guard let source, let quantized else { continue }
        let frames = zip(quantized.images, source.frames).map { AnimationFrame(image: $0, delayMs: $1.delayMs) }
        let result = try score(source: source, candidate: frames)
        if let outputFolder, let first = frames.first {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let bytes = try PNGEncoder.encode(first.image)
            _ = FileManager.default.createFile(atPath: outputFolder + "/" + name, contents: Data(bytes))
        }
        print("\(path)\t\(best)\t\(result.worst)\t\(result.mean)\t\(quantized.palette.colors.count)")
    }
case "score":
    guard paths.count % 2 == 0 else { fail("score takes pairs: SOURCE CANDIDATE") }
    for index in stride(from: 0, to: paths.count, by: 2) {
        let source = try ImageDecoder.decodeFile(at: paths[index])
        let candidate = try ImageDecoder.decodeFile(at: paths[index + 1])
        let result = try score(source: source, candidate: candidate.frames)
        print("\(paths[index + 1])\t\(result.worst)\t\(result.mean)\t\(distinctColors(candidate.frames))")
    }
default:
    fail("usage: quantize-bench quantize|score ...")
}
