import Foundation
import StickerFit
import StickerImage
import StickerSupport

/// `build --fit`: the stickers over the byte limit or out of 300-618 px, and the frames of sequences, are fitted
/// (as `stickerpack fit` does, with its defaults) into a temporary folder, and the catalog is built from those
/// copies; SRC is never changed.
extension PackBuild {
    /// Points the plan's files at their fitted copies; returns the temporary folder to remove after the build.
    /// Throws, writing nothing, when a sticker cannot be fitted, or only under fit's minimum quality.
    func fitSources(
        _ plan: inout PackPlan, started: (Step, Int) -> (@Sendable (String) -> Void)?, note: (String) -> Void
    ) throws(Failure) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stickerpack-fit-\(UUID())").path
        var stills: [String] = []
        var frames: [String] = []
        for item in plan.items {
            switch item.source {
            case .file(let path): stills.append(path)
            case .frames(_, let files): frames += files
            }
        }
        let results = FitBatch.fit(
            stills + frames, options: FitOptions(), sequenceFrames: Set(frames), jobs: jobs,
            progress: started(.fitting, stills.count + frames.count))
        let failed = results.filter { !$0.passes }
        if !failed.isEmpty { throw .notFitted(failed) }
        // Each fitted file goes to a folder of its own, so two stickers' outputs never share a name.
        var fitted: [String: String] = [:]
        for (index, result) in results.enumerated() where result.bytes != nil {
            let destination = FitDestination.folder(folder + "/\(index)")
            let errors = FitWriter.write([result], roots: [], destination: destination, replacing: false)
            guard errors.isEmpty, let path = FitWriter.outputPath(of: result, roots: [], destination: destination)
            else {
                try? FileManager.default.removeItem(atPath: folder)  // cleanup: the write errors are what is reported
                throw .fitWriting(errors.map(\.description))
            }
            fitted[result.path] = path
            note(
                "fitted \(result.path): \((result.before?.bytes ?? 0).grouped) -> "
                    + "\((result.bytes?.count ?? 0).grouped) bytes")
        }
        for index in plan.items.indices {
            switch plan.items[index].source {
            case .file(let path): plan.items[index].source = .file(fitted[path] ?? path)
            case .frames(let folder, let files):
                plan.items[index].source = .frames(folder: folder, files: files.map { fitted[$0] ?? $0 })
            }
        }
        return folder
    }
}
