import Foundation
import StickerImage
import StickerSupport

/// Writes what `StickerFitter` decided: every file atomically, a catalog whole, nothing for a file that
/// failed. A catalog with a file that failed is not written at all: it would name a file it lacks. A file
/// under --min-quality is written into a folder, flagged in the report, but never replaces its input.
public enum FitWriter {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Where `result`'s output goes (nil when it has none): for a catalog, its place in the catalog written.
    public static func outputPath(of result: FitResult, roots: [String], destination: FitDestination) -> String? {
        outputPath(of: result, roots: roots.map(FitRoot.init), destination: destination)
    }

    static func outputPath(of result: FitResult, roots: [FitRoot], destination: FitDestination) -> String? {
        guard result.hasOutput, let name = result.outputName else { return nil }
        if destination == .inPlace && !result.passes { return nil }
        return path(of: result.path, named: name, roots: roots, destination: destination)
    }

    /// Where the output of the input `source` goes when it is named `name` (before fitting: its own name).
    public static func path(of source: String, named name: String, roots: [String], destination: FitDestination)
        -> String
    {
        path(of: source, named: name, roots: roots.map(FitRoot.init), destination: destination)
    }

    /// `roots` read once for a whole run: each reads its folder from the disk.
    static func path(of source: String, named name: String, roots: [FitRoot], destination: FitDestination) -> String {
        let folder: String
        switch destination {
        case .inPlace:
            folder = AtomicFileWriter.parentFolder(of: source)
        case .folder(let output):
            let root = roots.first { $0.relative(source) != nil }
            if let root, root.isCatalog, let relative = root.relative(source) {
                let sub = AtomicFileWriter.parentFolder(of: relative)
                folder = output + "/" + root.name + (sub.isEmpty ? "" : "/" + sub)
            } else {
                folder = outputFolder(for: source, root: root, in: output)
            }
        }
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// What `write` would create in a folder that exists already: files, and whole catalogs.
    public static func existingTargets(_ results: [FitResult], roots: [String], destination: FitDestination)
        -> [String]
    {
        existingTargets(results, roots: roots.map(FitRoot.init), destination: destination)
    }

    static func existingTargets(_ results: [FitResult], roots: [FitRoot], destination: FitDestination) -> [String] {
        guard case .folder(let folder) = destination else { return [] }
        let catalogs = roots.filter(\.isCatalog)
        let files = results.filter { result in !catalogs.contains { $0.relative(result.path) != nil } }
            .compactMap { outputPath(of: $0, roots: roots, destination: destination) }
        return (catalogs.map { folder + "/" + $0.name } + files).filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Writes every result that has an output; returns the errors by source path (empty when all went well).
    /// `limits`: inputs copied unchanged are read again through the capped reader, within its byte limit.
    public static func write(
        _ results: [FitResult], roots: [String], destination: FitDestination, replacing: Bool,
        limits: DecodeLimits = .default
    ) -> [WriteError] {
        write(results, roots: roots.map(FitRoot.init), destination: destination, replacing: replacing, limits: limits)
    }

    static func write(
        _ results: [FitResult], roots: [FitRoot], destination: FitDestination, replacing: Bool, limits: DecodeLimits
    ) -> [WriteError] {
        let readLimit = limits.maxFileBytes
        switch destination {
        case .inPlace:
            return results.compactMap { result in
                do {
                    try writeInPlace(result, readLimit: readLimit)
                    return nil
                } catch {
                    return WriteError(path: result.path, reason: "\(error)")
                }
            }
        case .folder(let folder):
            return writeInto(folder, results, roots: roots, replacing: replacing, readLimit: readLimit)
        }
    }

    /// Replaces the input; when the name changes the new file is written first, then the catalog entry is
    /// renamed, then the old file removed, so a crash leaves a sticker that shows.
    static func writeInPlace(_ result: FitResult, readLimit: Int) throws {
        guard result.passes, let name = result.outputName else { return }
        let folder = AtomicFileWriter.parentFolder(of: result.path)
        let old = (result.path as NSString).lastPathComponent
        let target = folder.isEmpty ? name : folder + "/" + name
        if name == old {
            if let bytes = result.bytes { try AtomicFileWriter.write(bytes, to: target) }
            return
        }
        let bytes = try result.bytes ?? FileBytes.read(result.path, limit: readLimit)
        try AtomicFileWriter.write(bytes, to: target, replacing: false)
        try ContentsRename.rename(old, to: name, inFolder: folder)
        if unlink(result.path) != 0 {
            throw WriteError(path: result.path, reason: "cannot remove it: \(String(cString: strerror(errno)))")
        }
    }

    static func writeInto(
        _ folder: String, _ results: [FitResult], roots: [FitRoot], replacing: Bool, readLimit: Int
    ) -> [WriteError] {
        var errors: [WriteError] = []
        var inCatalog: [String: [FitResult]] = [:]
        for result in results {
            let root = roots.first { $0.relative(result.path) != nil }
            if let root, root.isCatalog {
                inCatalog[root.path, default: []].append(result)
                continue
            }
            guard result.hasOutput, let name = result.outputName else { continue }
            let target = outputFolder(for: result.path, root: root, in: folder)
            do {
                try AtomicFileWriter.createFolder(target)
                let bytes = try result.bytes ?? FileBytes.read(result.path, limit: readLimit)
                try AtomicFileWriter.write(bytes, to: target + "/" + name, replacing: replacing)
            } catch {
                errors.append(WriteError(path: result.path, reason: "\(error)"))
            }
        }
        for root in roots where root.isCatalog {
            let members = inCatalog[root.path] ?? []
            if let failed = members.first(where: { $0.kind == .failed }) {
                errors.append(
                    WriteError(
                        path: root.path,
                        reason: "not written: \(failed.path) could not be fitted, and a catalog must be complete"))
                continue
            }
            do {
                try AtomicFileWriter.createFolder(folder)
                try AtomicDirectory.write(folder + "/" + root.name, replacing: replacing) { temporary in
                    try copyCatalog(root, members, into: temporary, readLimit: readLimit)
                }
            } catch {
                errors.append(WriteError(path: root.path, reason: "\(error)"))
            }
        }
        return errors
    }

    /// The whole catalog copied, then each changed file replaced and its Contents.json entry renamed.
    static func copyCatalog(_ root: FitRoot, _ members: [FitResult], into temporary: String, readLimit: Int) throws {
        for entry in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            try FileManager.default.copyItem(atPath: root.path + "/" + entry, toPath: temporary + "/" + entry)
        }
        for result in members where result.hasOutput {
            guard let relative = root.relative(result.path), let name = result.outputName else { continue }
            let old = temporary + "/" + relative
            let folder = AtomicFileWriter.parentFolder(of: old)
            if let bytes = result.bytes {
                try AtomicFileWriter.write(bytes, to: folder + "/" + name)
            } else if name != (old as NSString).lastPathComponent {
                try AtomicFileWriter.write(try FileBytes.read(old, limit: readLimit), to: folder + "/" + name)
            }
            if name != (old as NSString).lastPathComponent {
                try ContentsRename.rename((old as NSString).lastPathComponent, to: name, inFolder: folder)
                try FileManager.default.removeItem(atPath: old)
            }
        }
    }

    /// The folder a file goes to: its sub-folder under the path it was found in, kept under `folder`.
    static func outputFolder(for path: String, root: FitRoot?, in folder: String) -> String {
        guard let root, let relative = root.relative(path) else { return folder }
        let sub = AtomicFileWriter.parentFolder(of: relative)
        return sub.isEmpty ? folder : folder + "/" + sub
    }
}
