import Foundation
import Testing

@testable import StickerFit

@Suite("Contents.json follows a rename")
struct ContentsRenameTests {
    @Test("Only the filename entry changes; the rest of the file is kept as written")
    func rename() throws {
        let folder = try StickerFitterTests.folder()
        let original = """
            {
              "info" : { "author" : "xcode", "version" : 1 },
              "properties" : {
                "accessibility-label" : "wave.apng waving",
                "filename" : "wave.apng"
              }
            }

            """
        try original.write(toFile: folder + "/Contents.json", atomically: true, encoding: .utf8)
        try ContentsRename.rename("wave.apng", to: "wave.png", inFolder: folder)
        let renamed = try String(contentsOfFile: folder + "/Contents.json", encoding: .utf8)
        #expect(
            renamed
                == original.replacingOccurrences(
                    of: "\"filename\" : \"wave.apng\"", with: "\"filename\" : \"wave.png\""))
        // A name it does not hold leaves it alone.
        try ContentsRename.rename("other.apng", to: "other.png", inFolder: folder)
        #expect(try String(contentsOfFile: folder + "/Contents.json", encoding: .utf8) == renamed)
    }
}
