/// Why an image could not be encoded, in any format. Each case carries the whole message; `hint` says what
/// a person can do about it, as `DecodeError`'s does.
public enum EncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format cannot hold this image: a side out of its range, more colours than a GIF palette holds.
    case unsupportedImage(String)
    /// What was handed to the encoder is not a whole image: no pixels, no frames, a frame off its canvas.
    case invalidImage(String)
    /// The output would pass the decode limits, so no reader of ours could open it again.
    case limitExceeded(String)
    /// libdeflate or libjpeg failed, most likely out of memory.
    case libraryFailed(String)

    public var description: String {
        switch self {
        case .unsupportedImage(let message), .invalidImage(let message), .limitExceeded(let message),
            .libraryFailed(let message):
            return message
        }
    }

    /// A one-line suggestion for a person.
    public var hint: String {
        switch self {
        case .unsupportedImage: return "choose another format, or bring the image within this one's bounds"
        case .invalidImage: return "the image is empty or damaged; export it again from the source art"
        case .limitExceeded: return "ask for a smaller output; stickers are at most 618x618 px"
        case .libraryFailed: return "free some memory and run it again"
        }
    }
}
