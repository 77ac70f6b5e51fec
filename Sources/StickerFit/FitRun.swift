import Foundation
import StickerLint
import StickerSupport

/// A whole `fit` run: the inputs found, every file fitted, the outputs written (or not, on a dry run). The
/// command parses its options into one of these, calls `run`, and reports the outcome.
public struct FitRun: Sendable {
    public var paths: [String]
    public var destination: FitDestination
    public var options: FitOptions
    public var dryRun = false
    /// Replace outputs that exist in the destination folder.
    public var replacing = false
    /// Keep each file's first frame before and after, for the preview sheet.
    public var keepPreview = false
    public var followSymlinks = false
    public var jobs: Int?

    public init(paths: [String], destination: FitDestination, options: FitOptions) {
        self.paths = paths
        self.destination = destination
        self.options = options
    }

    /// Why a run stopped before writing anything.
    public enum Failure: CommandFailure, CustomStringConvertible {
        /// A path that cannot be read as input (a usage error).
        case inputs(InputDiscovery.InputError)
        /// No sticker image among the inputs; `refused` names links that lead out of their folder.
        case nothingToFit(paths: [String], refused: [String])
        /// Two outputs would be one file on a Mac.
        case nameCollision(NameCollisionError)

        public var messages: [String] {
            switch self {
            case .nothingToFit(_, let refused): return refused + [description]
            case .nameCollision(let error): return error.messages
            default: return [description]
            }
        }

        public var isUsage: Bool {
            if case .nothingToFit = self { return false } else { return true }
        }

        public var description: String {
            switch self {
            case .inputs(let error): return error.description
            case .nothingToFit(let paths, _): return "no sticker images found in \(paths.joined(separator: ", "))"
            case .nameCollision(let error): return error.description
            }
        }
    }

    public struct Outcome: Sendable {
        public var results: [FitResult]
        /// Output paths by source path: empty when nothing was written (a dry run, or a writing error).
        public var outputs: [String: String]
        /// Inputs left out unread (links out of their folder), each with its reason.
        public var refused: [String]
        /// What could not be written; when not empty, nothing listed in `outputs` is reported.
        public var writeErrors: [String]
        public var seconds: Double

        public var report: FitReport {
            FitReport(results: results, outputs: outputs, options: options, dryRun: dryRun, seconds: seconds)
        }
        let options: FitOptions
        let dryRun: Bool
    }

    /// `started` is told how many files there are once they are found, and may return a callback that is
    /// given each file's path as it is done.
    public func run(started: (Int) -> (@Sendable (String) -> Void)? = { _ in nil }) throws(Failure) -> Outcome {
        let inputs: [PackInput]
        do {
            inputs = try InputDiscovery.discover(
                paths, configuration: LintConfiguration(), followSymlinks: followSymlinks)
        } catch {
            throw .inputs(error)
        }
        let files = inputs.readableStickerPaths
        let refused = inputs.outsideReasons
        if files.isEmpty { throw .nothingToFit(paths: paths, refused: refused) }
        let roots = paths.map(FitRoot.init)
        // Names that would be one file on a Mac are refused before the work, and again once fitting has
        // chosen each output's extension.
        if !dryRun {
            try checkNames(
                files.map {
                    FitWriter.path(
                        of: $0, named: ($0 as NSString).lastPathComponent, roots: roots, destination: destination)
                })
        }
        let start = Date()
        let frames = Set(inputs.flatMap(\.sequenceOf.keys))
        let results = FitBatch.fit(
            files, options: options, sequenceFrames: frames, keepPreview: keepPreview, jobs: jobs,
            progress: started(files.count))
        var outputs: [String: String] = [:]
        for result in results {
            outputs[result.path] = FitWriter.outputPath(of: result, roots: roots, destination: destination)
        }
        var writeErrors: [String] = []
        if !dryRun {
            try checkNames(results.compactMap { outputs[$0.path] })
            writeErrors = write(results, roots: roots)
        }
        return Outcome(
            results: results, outputs: dryRun || !writeErrors.isEmpty ? [:] : outputs, refused: refused,
            writeErrors: writeErrors, seconds: Date().timeIntervalSince(start), options: options, dryRun: dryRun)
    }

    private func checkNames(_ outputs: [String]) throws(Failure) {
        do {
            try NameCollisionError.check(outputs)
        } catch {
            throw .nameCollision(error)
        }
    }

    /// Writes the outputs, refusing to replace any unless `replacing`; the errors, empty when all went well.
    private func write(_ results: [FitResult], roots: [FitRoot]) -> [String] {
        let existing = FitWriter.existingTargets(results, roots: roots, destination: destination)
        if !existing.isEmpty && !replacing {
            return [
                "\(existing.count) output\(existing.count == 1 ? "" : "s") exist (first: \(existing[0])); "
                    + "nothing was written. Use --force to replace them, or choose another --output folder."
            ]
        }
        return FitWriter.write(
            results, roots: roots, destination: destination, replacing: replacing, limits: options.limits
        ).map(\.description)
    }
}
