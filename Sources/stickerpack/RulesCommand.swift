import ArgumentParser
import StickerLint

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every lint rule with its identifier, default severity and what it checks.",
        discussion: """
            Use the identifiers in .stickerpack.yml (rules: {not-square: off}) or with lint --disable. \
            --format markdown prints the table of docs/rules.md, which is generated from it.

            Examples:
              stickerpack rules
              stickerpack rules --format markdown > docs/rules.md
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    @Option(help: "text (aligned columns) or markdown (a table, as docs/rules.md holds it).")
    var format: Format = .text

    func run() {
        print(format == .markdown ? RuleListing.markdown() : RuleListing.text(), terminator: "")
    }
}
