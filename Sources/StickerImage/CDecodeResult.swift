import CCodecs

/// What the C shim hands back from a decode, turned into Swift: an error for a failing status, or the
/// malloc'd RGBA buffer copied into an `RGBAImage`.
package enum CDecodeResult {
    /// Throws the `DecodeError` a status stands for; `describe` words the library's message for data errors.
    package static func check(_ status: cc_status, message: String, describe: (String) -> String) throws(DecodeError) {
        switch status {
        case CC_OK: return
        case CC_ERROR_UNSUPPORTED: throw .unsupportedFeature(message)
        case CC_ERROR_LIMIT, CC_ERROR_MEMORY: throw .limitExceeded(message)
        default: throw .malformed(describe(message))
        }
    }

    static func image(_ pixels: UnsafeMutablePointer<UInt8>?, width: UInt32, height: UInt32) throws(DecodeError)
        -> RGBAImage
    {
        guard let pixels else { throw .malformed("the decoder returned no pixels") }
        let w = Int(width)
        let h = Int(height)
        return RGBAImage(width: w, height: h, pixels: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)))
    }
}
