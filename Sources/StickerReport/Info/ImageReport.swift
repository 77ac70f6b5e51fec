import Foundation
import StickerImage
import StickerJSON
import StickerSupport

/// What `info` says of one file: its facts for people (`text`) or machines (`json`).
public struct ImageReport {
    let file: ImageInspection

    public init(_ file: ImageInspection) { self.file = file }

    private var path: String { file.path }
    private var bytes: Int? { file.bytes }
    private var decoded: DecodedImage? { file.decoded }
    private var probe: ImageProbe? { file.probe }
    private var error: DecodeError? { file.error }
    private var transparentPixels: Int? { file.transparentPixels }

    public var json: JSONValue {
        let d = decoded
        return .object([
            ("path", .string(path)),
            ("format", .optional(d?.format.rawValue ?? probe?.format.rawValue) { .string($0) }),
            ("width", .optional(d?.width ?? probe?.width) { .int($0) }),
            ("height", .optional(d?.height ?? probe?.height) { .int($0) }),
            ("frames", .optional(d?.frames.count ?? probe?.declaredFrames) { .int($0) }),
            ("loopCount", .optional(d?.loopCount) { .int($0) }),
            ("delaysMs", .optional(d?.delaysMs) { .array($0.map(JSONValue.number)) }),
            ("durationMs", .optional(d?.durationMs) { .number($0) }),
            ("bitDepth", .optional(d?.encoding.bitDepth ?? probe?.bitDepth) { .int($0) }),
            ("colorType", .optional(d?.encoding.colorType) { .string($0.rawValue) }),
            ("interlaced", .optional(d?.encoding.interlaced) { .bool($0) }),
            ("hasAlpha", .optional(d?.encoding.hasAlphaChannel) { .bool($0) }),
            ("transparentPixels", .optional(transparentPixels) { .int($0) }),
            ("exifOrientation", .optional(d?.encoding.exifOrientation) { .int($0) }),
            ("bytes", .optional(bytes) { .int($0) }),
            ("warnings", .optional(d?.warnings) { .array($0.map { .string($0) }) }),
            ("error", .optional(error?.description) { .string($0) }),
        ])
    }

    public var text: String {
        var lines = [path]
        func add(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 13, withPad: " ", startingAt: 0) + value)
        }
        if let error {
            add("error", error.description)
            add("hint", error.hint)
            return lines.joined(separator: "\n")
        }
        if let probe {
            add("format", probe.format.displayName + " (header only)")
            add("size", "\(probe.width) x \(probe.height) px")
            if let frames = probe.declaredFrames { add("frames", "\(frames) declared") }
        }
        if let d = decoded {
            var encoding = "\(d.encoding.bitDepth)-bit \(d.encoding.colorType.rawValue)"
            if d.encoding.interlaced { encoding += ", interlaced" }
            if d.encoding.progressive { encoding += ", progressive" }
            if d.encoding.arithmetic { encoding += ", arithmetic-coded" }
            add("format", "\(d.format.displayName) (\(encoding))")
            add("size", "\(d.width) x \(d.height) px")
            if d.isAnimated {
                add("frames", "\(d.frames.count), " + Self.describeLoop(d))
                add("timing", Self.describeDelays(d.delaysMs) + ", total \(Self.ms(d.durationMs))")
            } else {
                add("frames", "1 (still)")
            }
            let pixels = d.width * d.height
            let transparent = transparentPixels ?? 0
            let share = pixels > 0 ? Double(transparent) * 100 / Double(pixels) : 0
            add(
                "alpha",
                d.encoding.hasAlphaChannel
                    ? "yes; \(transparent) of \(pixels) px transparent (\(String(format: "%.1f", share)) %)"
                    : "no (opaque)")
            if let orientation = d.encoding.exifOrientation {
                add("orientation", "EXIF \(orientation)\(orientation == 1 ? "" : " (viewers rotate or flip it)")")
            }
            for warning in d.warnings { add("warning", warning) }
        }
        if let bytes { add("bytes", bytes.grouped) }
        return lines.joined(separator: "\n")
    }

    /// APNG's num_plays counts plays; a GIF's NETSCAPE count is repeats after the first play.
    static func describeLoop(_ image: DecodedImage) -> String {
        guard let count = image.loopCount else { return "plays once (no loop count)" }
        if count == 0 { return "loops forever" }
        if image.format == .gif { return "loop count \(count) (NETSCAPE2.0)" }
        return "plays \(count) time\(count == 1 ? "" : "s")"
    }

    static func ms(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) ms" : String(format: "%.1f ms", value)
    }

    /// "100 ms x 12" when every delay is the same, else the list.
    static func describeDelays(_ delays: [Double]) -> String {
        if let first = delays.first, delays.allSatisfy({ $0 == first }) { return "\(ms(first)) x \(delays.count)" }
        let shown = delays.prefix(12).map(ms).joined(separator: ", ")
        return delays.count > 12 ? shown + ", ..." : shown
    }
}
