import StickerBuild

/// What `variants` says when it is done: what was written, and how many stickers failed.
public struct VariantsReport {
    let outcome: VariantBatch.Outcome
    let output: String

    public init(_ outcome: VariantBatch.Outcome, output: String) {
        self.outcome = outcome
        self.output = output
    }

    /// What was written, for standard output; nil when every sticker failed (no "wrote 0 files").
    public var summary: String? {
        let written = outcome.written
        guard !written.isEmpty || outcome.failures.isEmpty else { return nil }
        let files = written.reduce(0, +)
        return "wrote \(files) file\(files == 1 ? "" : "s") for \(written.count) "
            + "sticker\(written.count == 1 ? "" : "s") to \(output)/"
    }

    /// How many failed and what became of the others, for standard error; nil when none failed.
    public var failedLine: String? {
        let count = outcome.failures.count
        guard count > 0 else { return nil }
        return "\(count) sticker\(count == 1 ? "" : "s") failed; "
            + (outcome.written.isEmpty ? "nothing was written" : "the others were written")
    }
}
