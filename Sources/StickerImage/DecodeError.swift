/// Why a file could not be decoded. The message names the problem; `hint` says what to do about it.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not PNG, APNG, GIF or JPEG; the payload says what it looks like.
    case unsupportedFormat(String)
    /// The data is damaged: truncated, a CRC or zlib error, a malformed chunk or block.
    case malformed(String)
    /// The header asks for more than the decode limits allow.
    case limitExceeded(String)
    /// Valid data of a kind this tool does not decode (a 12-bit JPEG).
    case unsupportedFeature(String)
    /// The file could not be read.
    case unreadable(String)
    /// The file was not read on purpose: a symbolic link leads it out of the folder being read.
    case outsideFolder(String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let what): return "unsupported format: \(what)"
        case .malformed(let what): return what
        case .limitExceeded(let what): return "decode limit exceeded: \(what)"
        case .unsupportedFeature(let what): return "not supported: \(what)"
        case .unreadable(let what): return "cannot read file: \(what)"
        case .outsideFolder(let what): return "not read: \(what)"
        }
    }

    /// A one-line suggestion for a person.
    public var hint: String {
        switch self {
        case .unsupportedFormat: return "export the sticker as PNG, APNG, GIF or JPEG"
        case .malformed: return "the file is damaged; export it again from the source art"
        case .limitExceeded: return "export a smaller image; stickers are at most 618x618 px"
        case .unsupportedFeature: return "export it again as an 8-bit PNG or JPEG"
        case .unreadable: return "check that the path is a readable file"
        case .outsideFolder: return "replace the link with the file itself, or pass --follow-symlinks if you trust it"
        }
    }

    /// A stable short name for machines.
    public var kind: String {
        switch self {
        case .unsupportedFormat: return "unsupported-format"
        case .malformed: return "malformed"
        case .limitExceeded: return "limit-exceeded"
        case .unsupportedFeature: return "unsupported-feature"
        case .unreadable: return "unreadable"
        case .outsideFolder: return "outside-folder"
        }
    }
}
