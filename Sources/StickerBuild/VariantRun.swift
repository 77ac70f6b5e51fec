import Foundation
import StickerLint
import StickerSupport

extension VariantBatch {
    /// `variants`: the stickers under `paths` found, the outputs checked before any is written (no two that a
    /// Mac would take for one file, none that exists unless `replacing`), then every file written. `started` is
    /// told how many stickers there are and may return a callback given each one's path as it is done. The
    /// outcome's failures include the files left unread (links out of their folder).
    public static func run(
        paths: [String], output: String, writer: VariantWriter, replacing: Bool, followSymlinks: Bool,
        workers: Int?, started: (Int) -> (@Sendable (String) -> Void)? = { _ in nil }
    ) throws -> Outcome {
        let inputs = try InputDiscovery.discover(
            paths, configuration: LintConfiguration(), followSymlinks: followSymlinks)
        let batch = VariantBatch(writer: writer, inputs: inputs, paths: paths, output: output)
        // Links out of a folder and catalog filenames that lead out of it: reported, never read.
        let outside = inputs.outsideReasons
        if batch.jobs.isEmpty {
            throw PlainFailure(lines: outside + ["no sticker images found in \(paths.joined(separator: ", "))"])
        }
        let planned = batch.plannedOutputs()
        try NameCollisionError.check(planned)
        let existing = planned.filter { FileManager.default.fileExists(atPath: $0) }
        if !existing.isEmpty && !replacing {
            throw PlainFailure(
                "\(existing.count) output file\(existing.count == 1 ? "" : "s") exist (first: \(existing[0])); "
                    + "nothing was written. Use --force to replace them.")
        }
        let done = started(batch.jobs.count)
        var outcome = batch.run(workers: workers) { done?($0) }
        outcome.failures = (outside + outcome.failures).sorted()
        return outcome
    }
}
