import Testing

@testable import StickerPreview

@Suite("preview's output names")
struct PreviewRunNamesTests {
    func refusal(sheet: String, html: String? = nil) -> String? {
        var run = PreviewRun(paths: ["Stickers"], sheet: sheet)
        run.html = html
        do {
            try run.checkNames()
            return nil
        } catch {
            #expect(error.isUsage)
            return error.messages.joined()
        }
    }

    @Test("The sheet is a .png and the report an .html or .htm, in any case")
    func names() {
        #expect(refusal(sheet: "sheet.PNG", html: "report.htm") == nil)
        #expect(refusal(sheet: "sheet.jpg")?.contains("'sheet.jpg'") == true)
        #expect(refusal(sheet: "sheet.png", html: "report.txt")?.contains("'report.txt'") == true)
    }
}
