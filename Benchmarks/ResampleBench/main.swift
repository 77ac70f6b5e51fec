// Times the resampler single-threaded on RGBA: prints one TSV line per case, "name<TAB>seconds per resize
// (the median of the runs)<TAB>checksum<TAB>fastest run" (the fastest is steadier on a busy machine). Inputs are
// synthetic, deterministic images of the case's size, or a file.
//
//   resample-bench [--runs N] [--filter lanczos3] [CASE...]    CASE: WxH:WxH, e.g. 618x618:412x412
import Foundation
import StickerImage
import StickerResample

var runs = 31
var filter = ResampleFilter.lanczos3
var cases: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--filter": filter = ResampleFilter(rawValue: arguments.popFirst() ?? "") ?? filter
    default: cases.append(argument)
    }
}
if cases.isEmpty { cases = ["618x618:412x412", "618x618:206x206", "4928x3279:852x567"] }

func size(_ text: Substring) -> (Int, Int)? {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
}

/// A smooth, partly transparent test image: gradients and a soft disc, like sticker art.
func syntheticImage(width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let dx = Double(x) / Double(width) - 0.5
            let dy = Double(y) / Double(height) - 0.5
            let r = (dx * dx + dy * dy).squareRoot()
            pixels[i] = UInt8(x * 255 / max(width - 1, 1))
            pixels[i + 1] = UInt8(y * 255 / max(height - 1, 1))
            pixels[i + 2] = UInt8((x ^ y) & 0xFF)
            pixels[i + 3] = UInt8(max(0, min(255, (0.5 - r) * 1200)))
        }
    }
    return pixels
}

for text in cases {
    let halves = text.split(separator: ":")
    guard halves.count == 2, let (sw, sh) = size(halves[0]), let (dw, dh) = size(halves[1]) else {
        FileHandle.standardError.write(Data("bad case \(text)\n".utf8))
        exit(2)
    }
    let pixels = syntheticImage(width: sw, height: sh)
    var times: [Double] = []
    var checksum = 0
    for _ in 0..<(runs + 1) {
        let start = DispatchTime.now().uptimeNanoseconds
        // The plan (weight tables) is part of the work, as Pillow computes its coefficients per call.
        let out = ResamplePlan(sourceWidth: sw, sourceHeight: sh, width: dw, height: dh, filter: filter).resize(pixels)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        checksum &+= Int(out[out.count / 2])
    }
    times.removeFirst()  // warm-up
    times.sort()
    print("\(text)\t\(times[times.count / 2])\t\(checksum)\t\(times[0])")
}
