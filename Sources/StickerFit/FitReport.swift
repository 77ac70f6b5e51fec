import Foundation
import StickerImage
import StickerJSON

/// A whole run: each file's result and where its output went.
public struct FitReport: Sendable {
    public var results: [FitResult]
    /// Output paths by source path (none for failures, and none written with --dry-run).
    public var outputs: [String: String]
    public var options: FitOptions
    public var dryRun: Bool
    public var seconds: Double

    public init(results: [FitResult], outputs: [String: String], options: FitOptions, dryRun: Bool, seconds: Double) {
        self.results = results
        self.outputs = outputs
        self.options = options
        self.dryRun = dryRun
        self.seconds = seconds
    }

    public func count(_ kind: FitResult.Kind) -> Int { results.filter { $0.kind == kind }.count }
    public var bytesBefore: Int { results.reduce(0) { $0 + ($1.before?.bytes ?? 0) } }
    /// Bytes of the outputs, counting a failed file as its input (it stays as it was).
    public var bytesAfter: Int { results.reduce(0) { $0 + ($1.after?.bytes ?? $1.before?.bytes ?? 0) } }
}
