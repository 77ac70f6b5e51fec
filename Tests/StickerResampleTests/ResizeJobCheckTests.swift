import StickerImage
import Testing

@testable import StickerResample

@Suite("resize's size and output name, checked before anything is read")
struct ResizeJobCheckTests {
    func check(width: Int = 408, height: Int? = nil, output: String = "out.png", maxSide: Int = 16384) -> String? {
        var job = ResizeJob(input: "no-such-file.png", output: output, width: width, height: height)
        job.limits = DecodeLimits(maxWidth: maxSide, maxHeight: maxSide)
        do {
            try job.check()
            return nil
        } catch {
            #expect(error.isUsage)
            return error.messages.joined()
        }
    }

    @Test("A good job passes without reading its input; each fault is named")
    func faults() {
        #expect(check() == nil)
        #expect(check(output: "out.JPEG") == nil)
        #expect(check(width: 0)?.contains("--width") == true)
        #expect(check(height: 0)?.contains("--height") == true)
        #expect(check(width: 5000, maxSide: 4096)?.contains("beyond the limits") == true)
        #expect(check(output: "out.bmp")?.contains(".png, .gif, .jpg or .jpeg") == true)
    }
}
