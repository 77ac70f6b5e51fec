import ArgumentParser
import Foundation
import StickerBuild
import StickerFit
import StickerImage
import StickerSupport

/// `build --fit`: the stickers over the byte limit or out of 300-618 px are fitted (as `stickerpack fit` does,
/// with its defaults) into a temporary folder, and the catalog is built from those copies; SRC is never changed.
extension BuildCommand {
    /// Points the plan's files at their fitted copies; returns the temporary folder to remove after the build.
    /// Exits 1, writing nothing, when a sticker cannot be fitted, or only under fit's --min-quality.
    func fitSources(_ plan: inout PackPlan) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stickerpack-fit-\(UUID())").path
        let files = plan.items.compactMap { item -> String? in
            if case .file(let path) = item.source { return path } else { return nil }
        }
        let progress = console.progress(total: files.count, verb: "fitting")
        let results = FitBatch.fit(files, options: FitOptions(), jobs: console.jobs, progress: progress?.advance)
        progress?.finish()
        let failed = results.filter { !$0.passes }
        for result in failed {
            Console.error("\(result.path): cannot be fitted: \(result.reason ?? "")\n  hint: \(result.hint ?? "")")
        }
        if !failed.isEmpty {
            Console.error(
                "the build stopped: \(failed.count) sticker\(failed.count == 1 ? "" : "s") could not be fitted")
            throw ExitCode(ExitStatus.failure)
        }
        // Each fitted file goes to a folder of its own, so two stickers' outputs never share a name.
        var fitted: [String: String] = [:]
        for (index, result) in results.enumerated() where result.bytes != nil {
            let destination = FitDestination.folder(folder + "/\(index)")
            let errors = FitWriter.write([result], roots: [], destination: destination, replacing: false)
            guard errors.isEmpty, let path = FitWriter.outputPath(of: result, roots: [], destination: destination)
            else {
                for error in errors { Console.error(error.description) }
                try? FileManager.default.removeItem(atPath: folder)
                throw ExitCode(ExitStatus.usage)
            }
            fitted[result.path] = path
            Console.note(
                "fitted \(result.path): \((result.before?.bytes ?? 0).grouped) -> "
                    + "\((result.bytes?.count ?? 0).grouped) bytes")
        }
        for index in plan.items.indices {
            if case .file(let path) = plan.items[index].source, let copy = fitted[path] {
                plan.items[index].source = .file(copy)
            }
        }
        return folder
    }
}
