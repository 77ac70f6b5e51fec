import Foundation
import StickerImage
import StickerLint
import StickerSupport

/// `variants` over many stickers: where each one's files go, which outputs exist already, and the run itself,
/// encoding on every core while a few more threads write, so a core never idles waiting for the disk.
public struct VariantBatch: Sendable {
    /// One sticker and the folder its files go to.
    public struct Job: Sendable, Equatable {
        public let source: String
        public let stem: String
        public let folder: String
    }

    public struct Outcome: Sendable {
        /// How many files each sticker that succeeded wrote.
        public var written: [Int]
        /// "path: reason" for each sticker that failed, sorted.
        public var failures: [String]
    }

    public let writer: VariantWriter
    public let jobs: [Job]

    /// A sticker in a sub-folder of the path it was found under keeps that sub-folder under `output`; links
    /// refused by the walk are left out.
    public init(writer: VariantWriter, inputs: [PackInput], paths: [String], output: String) {
        self.writer = writer
        jobs = inputs.readableStickerPaths.map { source in
            var relative = ""
            if let root = paths.first(where: { source.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                let prefix = root.hasSuffix("/") ? root.count : root.count + 1
                relative = (String(source.dropFirst(prefix)) as NSString).deletingLastPathComponent
            }
            let stem = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            return Job(source: source, stem: stem, folder: relative.isEmpty ? output : output + "/" + relative)
        }
    }

    /// Every file the run would write. The format is sniffed from the first bytes, so the names match what
    /// `run` writes (JPEG data named .png gets .jpg variants; APNG and PNG share .png).
    public func plannedOutputs() -> [String] {
        jobs.flatMap { job in
            // No cause lost: a file that cannot be read or sniffed fails in `run`, which reports why; here it is
            // named by its extension.
            let format = try? FormatSniffer.sniff(
                FileBytes.head(job.source, count: 16, limit: writer.limits.maxFileBytes))
            return writer.paths(for: job.source, stem: job.stem, in: job.folder, format: format).map(\.path)
        }
    }

    /// Encodes and writes every job (`workers`: nil for every core); `done` is called with each source as it
    /// finishes (for a progress bar).
    public func run(workers: Int?, done: @escaping @Sendable (String) -> Void = { _ in }) -> Outcome {
        let failures = LockedList<String>()
        let written = LockedList<Int>()
        let writes = OperationQueue()
        writes.maxConcurrentOperationCount = Self.writeThreads
        // At most this many stickers wait to be written, which bounds the memory they hold.
        let backlog = DispatchSemaphore(value: Self.writeBacklog)
        ParallelWork.forEach(jobs.count, workers: workers) { index in
            let job = jobs[index]
            let files: [VariantWriter.EncodedFile]
            do {
                files = try writer.encode(source: job.source, stem: job.stem, into: job.folder)
            } catch {
                failures.append("\(job.source): \(error)")
                done(job.source)
                return
            }
            backlog.wait()
            writes.addOperation {
                do {
                    written.append(try VariantWriter.write(files, into: job.folder).count)
                } catch {
                    failures.append("\(job.source): \(error)")
                }
                done(job.source)
                backlog.signal()
            }
        }
        writes.waitUntilAllOperationsAreFinished()
        return Outcome(written: written.items, failures: failures.items.sorted())
    }

    static let writeThreads = 4
    static let writeBacklog = 32
}
