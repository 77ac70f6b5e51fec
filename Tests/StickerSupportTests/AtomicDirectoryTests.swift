import Foundation
import Testing

@testable import StickerSupport

@Suite("A folder written whole")
struct AtomicDirectoryTests {
    let work: String

    init() throws { work = try scratchFolder("atomic-directory") }

    func failure(_ path: String, replacing: Bool = false) -> String? {
        do {
            try AtomicDirectory.write(path, replacing: replacing) { temporary in
                try Data([1]).write(to: URL(fileURLWithPath: temporary + "/a.png"))
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("A file where the parent folder should be is named as the cause, not a failed mkdir beside it")
    func parentInTheWay() throws {
        try Data().write(to: URL(fileURLWithPath: work + "/out"))
        #expect(
            failure(work + "/out/Stickers.xcstickers") == "cannot write \(work)/out: a file of that name is in the way")
    }

    @Test("A parent folder that is missing is made, as before")
    func parentMade() throws {
        #expect(failure(work + "/new/deeper/Stickers.xcstickers") == nil)
        #expect(FileManager.default.fileExists(atPath: work + "/new/deeper/Stickers.xcstickers/a.png"))
    }
}
