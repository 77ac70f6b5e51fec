import ArgumentParser
import StickerImage

/// Decodes the file a command works on, or says why not (with the hint) and exits 1.
func decodeOrExit(_ path: String, limits: DecodeLimits = .default) throws -> DecodedImage {
    do {
        return try ImageDecoder.decodeFile(at: path, limits: limits)
    } catch {
        Console.error("\(path): \(error)\n  hint: \(error.hint)")
        throw ExitCode(ExitStatus.failure)
    }
}
