import StickerBuild
import StickerSupport

extension XcodeProjectExport {
    /// Why an export stopped. A usage failure is found before anything is written.
    public enum Failure: CommandFailure, CustomStringConvertible {
        case usage(String)
        case build(PackBuild.Failure)
        case writing(String)

        /// The build's own failure, when the build stopped the export.
        public var buildFailure: PackBuild.Failure? {
            if case .build(let failure) = self { return failure }
            return nil
        }

        public var isUsage: Bool {
            switch self {
            case .usage: return true
            case .build(let failure): return failure.isUsage
            case .writing: return true
            }
        }

        public var messages: [String] {
            switch self {
            case .build(let failure): return failure.messages
            default: return [description]
            }
        }

        public var description: String {
            switch self {
            case .usage(let message), .writing(let message): return message
            case .build(let failure): return failure.description
            }
        }
    }
}
