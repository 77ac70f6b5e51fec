import ArgumentParser
import StickerCatalog
import StickerLint

/// --config and --size-class: how `lint` and `preview` read a pack.
struct PackOptions: ParsableArguments {
    @Option(
        help: "The configuration file (default: the nearest .stickerpack.yml).",
        completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Option(help: "The pack's size class: small (300 px), regular (408 px) or large (618 px).")
    var sizeClass: SizeClass?

    /// The configuration for these inputs; a bad file is a usage error (exit 2) that names it.
    func configuration(for paths: [String]) throws -> LintConfiguration {
        try LintConfiguration.forCommand(explicit: config, inputs: paths)
    }
}
