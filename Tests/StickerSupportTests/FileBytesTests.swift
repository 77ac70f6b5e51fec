import Foundation
import Testing

@testable import StickerSupport

@Suite("The capped file reader")
struct FileBytesTests {
    let folder: String

    init() throws { folder = try scratchFolder("filebytes") }

    @Test("A regular file is read whole, and its head alone when asked")
    func readsRegularFile() throws {
        let path = folder + "/a.bin"
        FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3, 4, 5]))
        #expect(try FileBytes.read(path, limit: 5) == [1, 2, 3, 4, 5])
        #expect(try FileBytes.head(path, count: 2, limit: 5) == [1, 2])
        FileManager.default.createFile(atPath: folder + "/empty", contents: Data())
        #expect(try FileBytes.read(folder + "/empty", limit: 5) == [])
    }

    @Test("A file over the limit is refused by its size, a folder, a FIFO and a missing file as unreadable")
    func refusals() throws {
        let big = folder + "/big.bin"
        FileManager.default.createFile(atPath: big, contents: Data(count: 10))
        #expect(throws: FileReadError.self) { try FileBytes.read(big, limit: 9) }
        do {
            _ = try FileBytes.read(big, limit: 9)
        } catch {
            guard case .tooLarge = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
        }
        let fifo = folder + "/x.png"
        #expect(mkfifo(fifo, 0o644) == 0)
        for path in [folder, fifo, folder + "/missing"] {
            do {
                _ = try FileBytes.read(path, limit: 1 << 20)
                Issue.record("\(path) was read")
            } catch {
                guard case .unreadable(let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(!reason.isEmpty)
            }
        }
    }
}

@Suite("Folder listing and walk")
struct FolderListingTests {
    @Test("Natural order, hidden entries skipped unless asked, symlinked folders not entered")
    func listingAndWalk() throws {
        let folder = NSTemporaryDirectory() + "listing-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["sticker10.png", "Sticker2.png", ".DS_Store", "sub/inner.png"] {
            manager.createFile(atPath: folder + "/" + name, contents: Data())
        }
        try manager.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder)
        #expect(try FolderListing.names(in: folder) == ["loop", "Sticker2.png", "sticker10.png", "sub"])
        #expect(try FolderListing.names(in: folder, hidden: true).first == ".DS_Store")
        #expect(throws: FileReadError.self) { try FolderListing.names(in: folder + "/missing") }

        var files: [String] = []
        try FolderWalk.walk(folder) { entry in
            if case .file(let path, _, _) = entry { files.append(String(path.dropFirst(folder.count + 1))) }
            return true
        }
        #expect(files == ["Sticker2.png", "sticker10.png", "sub/inner.png"])
    }

    @Test("A folder that cannot be listed says why, in the system's words, and the walk names it")
    func unlistable() throws {
        let folder = NSTemporaryDirectory() + "unlistable-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        manager.createFile(atPath: folder + "/art/frames", contents: Data())
        func reason(_ path: String) -> String? {
            do {
                _ = try FolderListing.names(in: path)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(reason(folder + "/art/frames") == "cannot list the folder: it is a file, not a folder")
        #expect(reason(folder + "/missing") == "cannot list the folder: no such folder")
        #expect(
            reason(folder + "/\u{FFFD}")
                == "cannot list the folder: the folder name is not valid UTF-8; rename the folder")

        // The walk stops at the folder it cannot enter, naming it; it used to walk on as if the folder were empty.
        var visited: [String] = []
        let thrown = #expect(throws: FolderWalk.Unlistable.self) {
            try FolderWalk.walk(folder + "/art/frames") { entry in
                if case .file(let path, _, _) = entry { visited.append(path) }
                return true
            }
        }
        #expect(thrown?.description == folder + "/art/frames: cannot list the folder: it is a file, not a folder")
        #expect(visited.isEmpty)
    }

    @Test("Natural order: numbers by value, case ignored, punctuation before numbers before letters, total")
    func naturalOrder() {
        let names = [
            "b.png", "a10.png", "A2.png", "a2.png", "a02.png", "a.png", "a 1.png", "ab.png", "a1b.png", "a_1.png",
            "Émoji.png", "emoji.png", "sticker-9.png",
        ]
        let sorted = names.sorted(by: FolderListing.naturalLess)
        #expect(
            sorted == [
                "a 1.png", "a.png", "a_1.png", "a1b.png", "A2.png", "a2.png", "a02.png", "a10.png", "ab.png", "b.png",
                "emoji.png", "sticker-9.png", "Émoji.png",
            ])
        // The same order from any starting order: the key is total.
        #expect(names.reversed().sorted(by: FolderListing.naturalLess) == sorted)
    }

    @Test("A link out of the boundary is named; plain file names exclude traversal")
    func boundary() throws {
        let folder = NSTemporaryDirectory() + "boundary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The link leads to a file of a folder beside this one (every system has one of its own to make).
        let outside = folder + "-outside.png"
        FileManager.default.createFile(atPath: outside, contents: Data([1]))
        try FileManager.default.createSymbolicLink(atPath: folder + "/out.png", withDestinationPath: outside)
        FileManager.default.createFile(atPath: folder + "/in.png", contents: Data())
        #expect(FolderBoundary(folder).escape(folder + "/in.png") == nil)
        #expect(FolderBoundary(folder).escape(folder + "/out.png")?.contains("--follow-symlinks") == true)
        #expect(FolderBoundary(folder, followSymlinks: true).escape(folder + "/out.png") == nil)
        for name in ["..", ".", "", "a/b", "a\\b"] { #expect(!FolderBoundary.isPlainFileName(name), "\(name)") }
        #expect(FolderBoundary.isPlainFileName("sticker.png"))
    }
}
