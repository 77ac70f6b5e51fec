import Foundation
import Testing

@testable import StickerSupport

@Suite("What differs between platforms: STICKERPACK_PORTABLE, numbers in every locale")
struct PlatformTests {
    @Test("STICKERPACK_PORTABLE=1 turns every x86 path off; without it the CPU's answer stands")
    func portable() {
        let set = ProcessInfo.processInfo.environment["STICKERPACK_PORTABLE"] == "1"
        #expect(Platform.portable == set)
        #expect(Platform.x86Path(1) == !set)
        #expect(!Platform.x86Path(0))
        #expect(SHA256().portable == set)
    }

    @Test("Whole numbers group by threes with commas, whatever the locale")
    func grouped() {
        #expect(0.grouped == "0")
        #expect(999.grouped == "999")
        #expect(1000.grouped == "1,000")
        #expect(500_000.grouped == "500,000")
        #expect(1_234_567.grouped == "1,234,567")
        #expect((-1_234).grouped == "-1,234")
        #expect(Int.min.grouped == "-9,223,372,036,854,775,808")
        #expect(UInt64.max.grouped == "18,446,744,073,709,551,615")
    }
}
