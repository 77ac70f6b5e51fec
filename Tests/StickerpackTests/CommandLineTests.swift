import Foundation
import StickerImage
import Testing

@Suite("the command line as people expect it: help, completions, man page, the README's sheet")
struct CommandLineTests {
    /// Every subcommand, from the binary's own description of its commands (the argument parser's), less `help`:
    /// a new command is checked here without being listed by hand.
    static let subcommands: [String] = {
        guard let dump = try? Stickerpack.run(["--experimental-dump-help"]),
            let json = try? JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any],
            let command = json["command"] as? [String: Any],
            let children = command["subcommands"] as? [[String: Any]]
        else { return [] }
        return children.compactMap { $0["commandName"] as? String }.filter { $0 != "help" }
    }()

    @Test("the subcommands come from the binary: every command a user can run, compare among them")
    func subcommandList() {
        #expect(Self.subcommands.count >= 11 && Self.subcommands.contains("compare"), "\(Self.subcommands)")
    }

    @Test("every subcommand's help has an overview, a discussion and an example", arguments: subcommands)
    func help(subcommand: String) throws {
        let result = try Stickerpack.run(["help", subcommand])
        #expect(result.status == 0)
        let overview = try #require(result.stdout.components(separatedBy: "USAGE:").first)
        #expect(overview.hasPrefix("OVERVIEW: "), "\(subcommand): no abstract")
        #expect(
            overview.split(separator: "\n", omittingEmptySubsequences: true).count >= 3, "\(subcommand): no discussion")
        #expect(
            overview.contains("Example") && overview.contains("  stickerpack \(subcommand)"),
            "\(subcommand): no example")
    }

    @Test(
        "completion scripts for bash, zsh and fish know every subcommand and the new options",
        arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let result = try Stickerpack.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let options = shell == "fish" ? ["'html='", "'v/verbose'", "'q/quiet'"] : ["--html", "--verbose", "--quiet"]
        for word in Self.subcommands + options { #expect(result.stdout.contains(word), "\(shell): \(word)") }
    }

    @Test("the man page is rendered from the argument parser's description: every subcommand, its options and examples")
    func manual() throws {
        let dump = try Stickerpack.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let renderer = Process()
        renderer.executableURL = Stickerpack.binary.deletingLastPathComponent().appendingPathComponent(
            "stickerpack-manual")
        renderer.arguments = ["stickerpack 0.1.0"]
        let input = Pipe()
        let output = Pipe()
        renderer.standardInput = input
        renderer.standardOutput = output
        try renderer.run()
        input.fileHandleForWriting.write(Data(dump.stdout.utf8))
        try input.fileHandleForWriting.close()
        let page = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        renderer.waitUntilExit()
        #expect(renderer.terminationStatus == 0)
        #expect(page.contains(".TH STICKERPACK 1 \"\" \"stickerpack 0.1.0\""))
        for section in [
            ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH EXIT STATUS", ".SH ENVIRONMENT",
        ] { #expect(page.contains(section)) }
        for name in Self.subcommands { #expect(page.contains(".SS \(name)\n"), "no section for \(name)") }
        #expect(
            page.contains("\\fB\\-\\-html\\fR") && page.contains("stickerpack preview SamplePacks/Clean \\-o sheet.png")
        )
        // No line may start a roff request by accident.
        let known = [".\\\"", ".TH", ".SH", ".SS", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") {
            #expect(known.contains { line.hasPrefix($0) }, "stray request: \(line)")
        }
    }

    @Test("the man page renderer says why its input is not the help dump: empty, not JSON, or not a command")
    func manualRefusesInput() throws {
        let renderer = Stickerpack.binary.deletingLastPathComponent().appendingPathComponent("stickerpack-manual")
        for (input, why) in [("", "it is empty"), ("{", "it is not valid JSON"), ("[]", "it has no command")] {
            let result = try Subprocess.run(renderer, [], input: input)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "error: standard input is not the JSON of `stickerpack --experimental-dump-help`: \(why)"),
                "\(input): \(result.stderr)")
        }
    }

    @Test(
        "SamplePacks/preview-Clean.png, the README's picture, is the sheet preview draws now (make sample-sheet)"
    )
    func sampleSheetIsCurrent() throws {
        let out = try Stickerpack.temporaryDirectory().appendingPathComponent("sheet.png").path
        // From the package root, as `make sample-sheet` runs it: the header names the pack as given.
        #expect(
            try Stickerpack.run(["preview", "SamplePacks/Clean", "-o", out], in: Stickerpack.packageRoot).status == 0)
        let fresh = try ImageDecoder.decodeFile(at: out).frames[0].image
        let committed = try ImageDecoder.decodeFile(at: Stickerpack.sample("preview-Clean.png")).frames[0].image
        #expect(fresh.width == committed.width && fresh.height == committed.height, "run `make sample-sheet`")
        guard fresh.width == committed.width && fresh.height == committed.height else { return }
        // The resampler may move a channel by one between its fast and portable paths.
        let worst = zip(fresh.pixels, committed.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "the sheet changed by up to \(worst) per channel: run `make sample-sheet`")
    }
}
