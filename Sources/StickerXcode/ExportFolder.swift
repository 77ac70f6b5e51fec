import Foundation
import StickerBuild
import StickerSupport

/// The folder a project is exported into, checked before anything is written: new, empty (hidden files aside:
/// `.git`, `.DS_Store`), or an earlier export of the same project. Nothing of the user's is written over.
struct ExportFolder {
    let path: String
    let settings: ProjectSettings

    init(_ path: String, settings: ProjectSettings) {
        self.path = path
        self.settings = settings
    }

    func check() throws(XcodeProjectExport.Failure) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .usage("\(path) is a file, not a folder. Name a new folder for the project with --xcode-project.")
        }
        let names: [String]
        do {
            names = try FolderListing.names(in: path)
        } catch {
            // Taken for empty, the folder would be written into without knowing what it holds.
            throw .usage("\(path): \(error). Nothing was written. Make it readable, or export into a new folder.")
        }
        if names.isEmpty { return }
        let projects = names.filter { ($0 as NSString).pathExtension.lowercased() == "xcodeproj" }
        let ours = settings.name + ".xcodeproj"
        // Exactly: a name that differs only in case would be a second project on one disk and the same on another.
        for project in projects where project != ours {
            throw .usage(
                "\(path) holds another project, \(project). Nothing was written. Export into a new folder, or "
                    + "give --name \((project as NSString).deletingPathExtension) to update that export.")
        }
        if projects.isEmpty, try !hasExportManifest() {
            let some = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
            throw .usage(
                "\(path) is not empty and holds no project stickerpack exported (\(some)). Nothing was written. "
                    + "Export into a new or empty folder.")
        }
        if let project = projects.first, try !isExport(path + "/" + project) {
            throw .usage(
                "\(path)/\(project) was not written by stickerpack (no '\(ProjectSettings.marker)' line, and no "
                    + "stickerpack manifest.json beside it). Nothing was written. Export into a new folder.")
        }
    }

    /// A project written by stickerpack: its file still has the marker, or (once Xcode has saved it, which drops
    /// comments) the folder holds the manifest an export writes, with the catalog where the export puts it.
    private func isExport(_ project: String) throws(XcodeProjectExport.Failure) -> Bool {
        let file = project + "/project.pbxproj"
        do {
            let head = try FileBytes.head(file, count: 4096, limit: 64 << 20)
            let lines = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 2)
            if lines.count >= 2 && lines[1] == ProjectSettings.marker { return true }
        } catch {
            // Without the manifest, an unreadable project file is not known to be ours: say why, not "no marker".
            if FileManager.default.fileExists(atPath: file), try !hasExportManifest() {
                throw .usage(
                    "\(file): \(error). Nothing was written. Make it readable, or export into a new folder.")
            }
        }
        return try hasExportManifest()
    }

    /// The manifest an export writes, with the catalog where the export puts it. None there is no export; one that
    /// cannot be read or is not JSON throws, as whether the folder is an export cannot be told.
    private func hasExportManifest() throws(XcodeProjectExport.Failure) -> Bool {
        let file = path + "/manifest.json"
        guard FileManager.default.fileExists(atPath: file) else { return false }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(try FileBytes.read(file, limit: 64 << 20)))
        } catch {
            let reason = error is FileReadError ? "\(error)" : "not valid JSON"
            throw .usage(
                "\(file): \(reason). Nothing was written. Fix or remove it, or export into a new folder.")
        }
        guard ((object as? [String: Any])?["tool"] as? String)?.hasPrefix("stickerpack") == true else { return false }
        return FileManager.default.fileExists(atPath: path + "/" + settings.catalogPath)
    }
}
