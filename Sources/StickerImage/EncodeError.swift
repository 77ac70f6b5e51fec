/// Why an image could not be encoded, in any format; the description says what failed.
public struct EncodeError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
