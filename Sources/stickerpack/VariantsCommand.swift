import ArgumentParser
import Foundation
import StickerBuild
import StickerImage
import StickerLint
import StickerResample

extension ResampleFilter: ExpressibleByArgument {}

struct VariantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variants",
        abstract: "Write the @3x, @2x and @1x files of every sticker, in its own format.",
        discussion: """
            For each sticker, name@3x.ext is a byte-for-byte copy, and name@2x.ext and name@1x.ext are downscaled \
            with the project's resampler (Lanczos-3 by default, in premultiplied alpha so edges keep no halo). APNG \
            stays APNG and GIF stays GIF: animations are resampled frame by frame and keep their delays and loop \
            count. Sizes round to the nearest pixel (618 -> 412 and 206). A sticker in a sub-folder of PATH keeps its \
            sub-folder under the output. Files are processed on all cores and written atomically; an existing output \
            is replaced only with --force.

            Examples:
              stickerpack variants Stickers/ -o Variants
              stickerpack variants wave.png -o out --scales 2 --filter mitchell --force
              stickerpack variants Stickers/ -o Variants --quiet    # no progress bar
            """
    )

    @Argument(help: "Folders, catalogs or sticker files.", completion: .file())
    var paths: [String]

    @Option(name: .shortAndLong, help: "The folder to write into (created if needed).", completion: .directory)
    var output: String

    @Option(help: ArgumentHelp("The scales to make besides the @3x copy, comma-separated.", valueName: "list"))
    var scales: String = "2,1"

    @Flag(help: "Replace outputs that exist.")
    var force = false

    @OptionGroup(title: "Resampling")
    var resampling: ResampleOptions

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    var scaleList: [Int] { scales.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one sticker file or folder.") }
        let list = scaleList
        if list.isEmpty || list.count != scales.split(separator: ",").count
            || list.contains(where: { $0 < 1 || $0 > 3 })
        {
            throw ValidationError("--scales takes a comma-separated list of 1, 2 or 3, not '\(scales)'.")
        }
    }

    /// One sticker and the folder its files go to.
    struct Job {
        let source: String
        let stem: String
        let folder: String
    }

    var writer: VariantWriter {
        VariantWriter(
            scales: scaleList, filter: resampling.filter, linear: resampling.linear,
            compression: resampling.compression, limits: limitOptions.limits)
    }

    func run() throws {
        let inputs: [PackInput]
        do {
            inputs = try InputDiscovery.discover(
                paths, configuration: LintConfiguration(), followSymlinks: symlinks.followSymlinks)
        } catch {
            Console.error(error.description)
            throw ExitCode(ExitStatus.usage)
        }
        let jobs = plan(inputs)
        // Links out of a folder and catalog filenames that lead out of it: reported, never read.
        let outside =
            inputs.flatMap { $0.refused.map { "\($0.key): \($0.value)" } }
            + inputs.flatMap { $0.catalogIssues.filter(\.leadsOutside).map { "\($0.path): \($0.message)" } }
        if jobs.isEmpty {
            for line in outside.sorted() { Console.error(line) }
            Console.error("no sticker images found in \(paths.joined(separator: ", "))")
            throw ExitCode(ExitStatus.failure)
        }
        let writer = self.writer
        let existing = jobs.flatMap {
            writer.paths(
                for: $0.source, stem: $0.stem, in: $0.folder, format: Self.sniff($0.source, limits: limitOptions.limits)
            ).map(\.path)
        }
        .filter { FileManager.default.fileExists(atPath: $0) }
        if !existing.isEmpty && !force {
            Console.error(
                "\(existing.count) output file\(existing.count == 1 ? "" : "s") exist (first: \(existing[0])); "
                    + "nothing was written. Use --force to replace them."
            )
            throw ExitCode(ExitStatus.failure)
        }
        let failures = LockedList<String>()
        for line in outside { failures.append(line) }
        let written = LockedList<Int>()
        let progress = console.progress(total: jobs.count, verb: "writing variants")
        // Encoding runs on every core; writing (each file synced to disk before its rename) runs beside it on
        // a few more threads, so a core never idles waiting for the disk. At most `backlog` stickers wait to
        // be written, which bounds the memory they hold.
        let writes = OperationQueue()
        writes.maxConcurrentOperationCount = Self.writeThreads
        let backlog = DispatchSemaphore(value: Self.writeBacklog)
        ParallelWork.forEach(jobs.count, workers: console.jobs) { index in
            let job = jobs[index]
            let files: [VariantWriter.EncodedFile]
            do {
                files = try writer.encode(source: job.source, stem: job.stem, into: job.folder)
            } catch {
                failures.append("\(job.source): \(error)")
                progress?.advance(job.source)
                return
            }
            backlog.wait()
            writes.addOperation {
                do {
                    written.append(try VariantWriter.write(files, into: job.folder).count)
                } catch {
                    failures.append("\(job.source): \(error)")
                }
                progress?.advance(job.source)
                backlog.signal()
            }
        }
        writes.waitUntilAllOperationsAreFinished()
        progress?.finish()
        for failure in failures.items.sorted() { Console.error(failure) }
        let files = written.items.reduce(0, +)
        // A summary of what was written, but no "wrote 0 files" when every sticker failed.
        if !written.items.isEmpty || failures.items.isEmpty {
            print(
                "wrote \(files) file\(files == 1 ? "" : "s") for \(written.items.count) "
                    + "sticker\(written.items.count == 1 ? "" : "s") to \(output)/"
            )
        }
        if !failures.items.isEmpty {
            let count = failures.items.count
            Console.error(
                "\(count) sticker\(count == 1 ? "" : "s") failed; "
                    + "\(written.items.isEmpty ? "nothing was written" : "the others were written")"
            )
            throw ExitCode(ExitStatus.failure)
        }
    }

    static let writeThreads = 4
    static let writeBacklog = 32

    /// The format by the first bytes, so that the overwrite check names the files `write` will write
    /// (JPEG data named .png gets .jpg variants). APNG and PNG share .png, so the header is enough.
    static func sniff(_ path: String, limits: DecodeLimits) -> ImageFormat? {
        // Through FileBytes, which refuses a FIFO or a device without opening it for a blocking read.
        guard let head = try? FileBytes.head(path, count: 16, limit: limits.maxFileBytes) else { return nil }
        return try? FormatSniffer.sniff(head)
    }

    func plan(_ inputs: [PackInput]) -> [Job] {
        inputs.flatMap { input in input.stickerPaths.filter { input.refused[$0] == nil } }.map { source in
            // The sub-folder under the path the sticker was found in; none for a file named directly.
            var relative = ""
            if let root = paths.first(where: { source.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                let prefix = root.hasSuffix("/") ? root.count : root.count + 1
                relative = (String(source.dropFirst(prefix)) as NSString).deletingLastPathComponent
            }
            let stem = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            return Job(source: source, stem: stem, folder: relative.isEmpty ? output : output + "/" + relative)
        }
    }
}

/// A list appended to from several threads.
final class LockedList<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element] = []

    func append(_ element: Element) {
        lock.lock()
        storage.append(element)
        lock.unlock()
    }

    var items: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
