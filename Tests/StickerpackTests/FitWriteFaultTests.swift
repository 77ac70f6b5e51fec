import Foundation
import Testing

/// `fit --in-place` under the full-disk fault injection of `WriteFaultTests`: the input is kept whole.
@Suite("fit --in-place on a full disk keeps the input", .linuxTools)
struct FitWriteFaultTests {
    @Test(
        "The new file cannot be written: exit 2, the input unchanged, no temporary file left",
        .enabled(if: WriteFaultTests.canMount))
    func fullDisk() throws {
        try WriteFaultTests.Mount.withTinyDisk(kilobytes: 1024) { disk in
            let input = disk + "/noisy.png"
            try FitCommandTests.write(FitCommandTests.noisy(), input)
            let before = FitCommandTests.bytes(input)
            // Fill what is left of the disk, so the fitted file's temporary copy has no room.
            _ = try WriteFaultTests.Mount.run("/bin/dd", ["if=/dev/zero", "of=" + disk + "/filler", "bs=4096"])
            let result = try Stickerpack.run([
                "fit", input, "--in-place", "--byte-limit", "60000", "--min-quality", "0",
            ])
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
            #expect(FitCommandTests.bytes(input) == before)
            #expect(FitCommandTests.names(disk) == ["filler", "noisy.png"])
        }
    }
}
