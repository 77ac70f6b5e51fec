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
        let names = ((try? FolderListing.names(in: path)) ?? []).filter { !$0.hasPrefix(".") }
        if names.isEmpty { return }
        let projects = names.filter { ($0 as NSString).pathExtension.lowercased() == "xcodeproj" }
        let ours = settings.name + ".xcodeproj"
        // Exactly: a name that differs only in case would be a second project on one disk and the same on another.
        for project in projects where project != ours {
            throw .usage(
                "\(path) holds another project, \(project). Nothing was written. Export into a new folder, or "
                    + "give --name \((project as NSString).deletingPathExtension) to update that export.")
        }
        if projects.isEmpty && !hasExportManifest {
            let some = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", ..." : "")
            throw .usage(
                "\(path) is not empty and holds no project stickerpack exported (\(some)). Nothing was written. "
                    + "Export into a new or empty folder.")
        }
        if let project = projects.first, !isExport(path + "/" + project) {
            throw .usage(
                "\(path)/\(project) was not written by stickerpack (no '\(ProjectSettings.marker)' line, and no "
                    + "stickerpack manifest.json beside it). Nothing was written. Export into a new folder.")
        }
    }

    /// A project written by stickerpack: its file still has the marker, or (once Xcode has saved it, which drops
    /// comments) the folder holds the manifest an export writes, with the catalog where the export puts it.
    private func isExport(_ project: String) -> Bool {
        let file = (try? FileBytes.read(project + "/project.pbxproj", limit: 64 << 20)) ?? []
        let lines = String(decoding: file.prefix(4096), as: UTF8.self).split(separator: "\n", maxSplits: 2)
        if lines.count >= 2 && lines[1] == ProjectSettings.marker { return true }
        return hasExportManifest
    }

    /// The manifest an export writes, with the catalog where the export puts it.
    private var hasExportManifest: Bool {
        guard let manifest = try? FileBytes.read(path + "/manifest.json", limit: 64 << 20),
            let object = try? JSONSerialization.jsonObject(with: Data(manifest)) as? [String: Any],
            (object["tool"] as? String)?.hasPrefix("stickerpack") == true
        else { return false }
        return FileManager.default.fileExists(atPath: path + "/" + settings.catalogPath)
    }
}
