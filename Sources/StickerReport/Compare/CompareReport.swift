import Foundation
import StickerImage
import StickerJSON
import StickerQuality
import StickerSupport

/// What `compare` prints: both files' facts and the score, as text or JSON.
public struct CompareReport {
    typealias File = FileComparison.File
    let compared: FileComparison

    public init(_ compared: FileComparison) { self.compared = compared }

    private var original: File { compared.original }
    private var candidate: File { compared.candidate }
    private var comparison: StickerComparison { compared.comparison }
    private var quick: Bool { compared.quick }

    public var json: JSONValue {
        let score = comparison.score
        return .object([
            ("original", Self.json(original)),
            ("candidate", Self.json(candidate)),
            (
                "score",
                .object(
                    score.jsonFields + [
                        ("width", .int(score.width)), ("height", .int(score.height)), ("quick", .bool(quick)),
                    ])
            ),
            ("durationRatio", .optional(comparison.durationRatio) { .number($0) }),
            ("spedUp", .bool(comparison.spedUp)),
            ("animationChanged", .bool(comparison.animationChanged)),
            ("aspectChanged", .bool(comparison.aspectChanged)),
            (
                "letterbox",
                .optional(comparison.letterbox) {
                    .object([
                        ("x", .int($0.x)), ("y", .int($0.y)), ("width", .int($0.width)), ("height", .int($0.height)),
                    ])
                }
            ),
        ])
    }

    private static func json(_ file: File) -> JSONValue {
        .object([
            ("path", .string(file.path)), ("format", .string(file.image.format.rawValue)),
            ("width", .int(file.image.width)), ("height", .int(file.image.height)),
            ("frames", .int(file.image.frames.count)), ("durationMs", .number(file.image.durationMs)),
            ("bytes", .int(file.bytes)),
        ])
    }

    public var text: String {
        let score = comparison.score
        var lines = [
            Self.line("original", Self.describe(original)),
            Self.line("candidate", Self.describe(candidate) + ", " + Self.share(candidate.bytes, of: original.bytes)),
            Self.line(
                "score",
                "\(Self.decimal(score.worst)) worst (frame \(score.worstFrame + 1) over \(score.worstBackground)), "
                    + "\(Self.decimal(score.mean)) mean; \(score.framesScored) frame"
                    + "\(score.framesScored == 1 ? "" : "s") x 2 backgrounds at \(score.width) x \(score.height) px"
                    + (quick ? " (quick)" : "")),
        ]
        for note in notes { lines.append(Self.line("note", note)) }
        return lines.joined(separator: "\n")
    }

    /// What the score does not show on its own.
    private var notes: [String] {
        var notes: [String] = []
        let from = original.image
        let to = candidate.image
        if comparison.animationChanged {
            notes.append(
                from.isAnimated
                    ? "the animation became a still: only its first frame is shown"
                    : "the still became an animation")
        }
        if let ratio = comparison.durationRatio, comparison.spedUp {
            notes.append(
                "the candidate plays \(Self.decimal(1 / ratio, digits: 2))x faster "
                    + "(\(Self.seconds(to.durationMs)) against \(Self.seconds(from.durationMs)))")
        } else if let ratio = comparison.durationRatio, ratio > 1.01 {
            notes.append(
                "the candidate plays \(Self.decimal(ratio, digits: 2))x slower "
                    + "(\(Self.seconds(to.durationMs)) against \(Self.seconds(from.durationMs)))")
        }
        if let box = comparison.letterbox {
            notes.append(
                "the candidate was padded to \(to.width) x \(to.height) px; "
                    + "its centred \(box.width) x \(box.height) px region was scored")
        } else if comparison.aspectChanged {
            notes.append("the shape changed (cropped or stretched); the candidate was scaled to the original's shape")
        }
        return notes
    }

    private static func describe(_ file: File) -> String {
        let image = file.image
        let frames = image.isAnimated ? "\(image.frames.count) frames, \(seconds(image.durationMs))" : "still"
        return "\(file.path): \(image.format.displayName), \(image.width) x \(image.height) px, \(frames), "
            + "\(file.bytes.grouped) bytes"
    }

    private static func share(_ bytes: Int, of total: Int) -> String {
        total > 0 ? "\(decimal(Double(bytes) * 100 / Double(total))) % of the original's bytes" : "0 bytes"
    }

    private static func line(_ label: String, _ value: String) -> String {
        label.padding(toLength: 11, withPad: " ", startingAt: 0) + value
    }

    private static func decimal(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func seconds(_ milliseconds: Double) -> String {
        decimal(milliseconds / 1000, digits: 2) + " s"
    }
}
