import StickerFit
import StickerImage
import StickerLint
import StickerSupport

extension PackBuild {
    /// Why a build stopped; nothing was written.
    public enum Failure: CommandFailure, CustomStringConvertible {
        case source(PackPlan.SourceError)
        case noStickers(String)
        /// An output that exists, without `replacing`.
        case exists(String)
        case configuration(LintConfiguration.ConfigurationError)
        /// Lint found errors (the report holds them), without `allowErrors`.
        case lintErrors(LintReport)
        case iconUnreadable(String, DecodeError)
        case iconShape(String, OutputSizeError)
        /// With `fit`: the stickers that could not be fitted.
        case notFitted([FitResult])
        /// With `fit`: the fitted copies could not be written to the temporary folder.
        case fitWriting([String])
        case writing(String)

        /// Whether the command line (or a file it names) is at fault rather than the art: exit status 2.
        public var isUsage: Bool {
            switch self {
            case .source(let error): return error.isUsage
            case .configuration, .fitWriting: return true
            default: return false
            }
        }

        /// A line for each thing to say (one per sticker that could not be fitted, then the summary).
        public var messages: [String] {
            switch self {
            case .notFitted(let results):
                let count = results.count
                return results.map { "\($0.path): cannot be fitted: \($0.reason ?? "")\n  hint: \($0.hint ?? "")" }
                    + ["the build stopped: \(count) sticker\(count == 1 ? "" : "s") could not be fitted"]
            case .fitWriting(let errors): return errors
            default: return [description]
            }
        }

        public var description: String {
            switch self {
            case .source(let error): return error.description
            case .noStickers(let source):
                return "\(source): no stickers found (PNG, APNG, GIF or JPEG files, or folders of frames)"
            case .exists(let path): return "\(path) exists; use --force to replace it. Nothing was written."
            case .configuration(let error): return error.messages.joined(separator: "\n")
            case .lintErrors(let report):
                let errors = report.count(.error)
                return "the build stopped: \(errors) lint error\(errors == 1 ? "" : "s") above. "
                    + "Fix them, or build anyway with --allow-errors. Nothing was written."
            case .iconUnreadable(let path, let error): return error.failure(path: path).description
            case .iconShape(let path, let error):
                return "\(path): \(error). Nothing was written.\n  hint: crop the art nearer to 4:3"
            case .notFitted, .fitWriting: return messages.joined(separator: "\n")
            case .writing(let message): return message
            }
        }
    }
}
