import Foundation
import StickerCatalog
import StickerLint
import StickerSupport

extension PackPlan {
    /// Why a build's source could not be planned; `isUsage` when the command line named something unusable (a
    /// file that is not a folder, an unreadable labels or order file) rather than the art being at fault.
    public struct SourceError: Error, CustomStringConvertible {
        public let description: String
        public let isUsage: Bool
    }

    /// The plan for `build SRC`: a catalog as it stands, or a folder of art with its labels and order files.
    /// `labels` and `order` name those files; without them `labels.yml|yaml|csv` and `order.txt` in the folder
    /// are used, and read only when they stay inside it, as the art is.
    package static func load(
        source: String, labels: String? = nil, order: String? = nil, followSymlinks: Bool = false
    ) throws(SourceError) -> PackPlan {
        let project: String?
        let catalogs: [String]
        do {
            project = try XcodeProjectFolder.folder(of: source)
            catalogs =
                try project.map { path throws(FolderWalk.Unlistable) in
                    try XcodeProjectFolder.catalogs(in: path)
                } ?? []
        } catch {
            throw SourceError(description: "\(error); make it readable", isUsage: true)
        }
        if project != nil {
            guard catalogs.count == 1 else {
                throw SourceError(
                    description: "\(source): an Xcode project with \(catalogs.isEmpty ? "no" : "\(catalogs.count)") "
                        + ".xcstickers catalogs in its folder; name the catalog to build from", isUsage: true)
            }
            return try load(source: catalogs[0], followSymlinks: followSymlinks)
        }
        let boundary = FolderBoundary(source, followSymlinks: followSymlinks)
        do {
            if CatalogReader.isCatalog(source) {
                return try make(catalog: CatalogReader.read(source, boundary: boundary))
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
                throw SourceError(description: "\(source): not a folder", isUsage: true)
            }
            let labelsPath =
                labels
                ?? ["labels.yml", "labels.yaml", "labels.csv"].map { source + "/" + $0 }.first {
                    FileManager.default.fileExists(atPath: $0)
                }
            let orderPath = order ?? [source + "/order.txt"].first { FileManager.default.fileExists(atPath: $0) }
            for (path, given) in [(labelsPath, labels), (orderPath, order)] where given == nil {
                if let path, let reason = boundary.escape(path) {
                    throw SourceError(description: "\(path): \(reason). Nothing was written.", isUsage: false)
                }
            }
            let labelMap = try labelsPath.map { path throws in try LabelsFile.load(path) } ?? [:]
            return try make(
                folder: source, order: try orderPath.map(readOrder), labels: labelMap, boundary: boundary)
        } catch let error as SourceError {
            throw error
        } catch let error as PlanError {
            throw SourceError(description: error.description, isUsage: false)
        } catch {
            throw SourceError(description: "\(error)", isUsage: true)
        }
    }

    /// An order file: one stem a line; blank lines and `#` comments skipped.
    static func readOrder(_ path: String) throws(SourceError) -> [String] {
        let text: String
        do {
            text = String(decoding: try FileBytes.read(path, limit: LabelsFile.maxFileBytes), as: UTF8.self)
        } catch {
            throw SourceError(description: "\(path): cannot read the order file: \(error)", isUsage: true)
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

extension PackPlan {
    /// What lint checks before a build: every sticker (a sequence's frames as its members), the files left out
    /// as unreadable formats, and files and catalog entries leading out of the source, which are linted as
    /// errors without being read, so the build stops.
    package func lintInput(name: String) -> PackInput {
        var input = PackInput(name: name, stickerPaths: [])
        for item in items {
            switch item.source {
            case .file(let path): input.stickerPaths.append(path)
            case .frames(let folder, let files):
                input.stickerPaths += files
                for file in files { input.sequenceOf[file] = folder }
            }
        }
        input.stickerPaths += skipped
        input.stickerPaths += refused.keys.sorted()
        input.refused = refused
        input.catalogIssues = catalogIssues
        input.gridSize = gridSize
        return input
    }
}
