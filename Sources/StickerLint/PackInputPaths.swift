extension Array where Element == PackInput {
    /// Every sticker that may be read, once each, in discovery order: files whose link or catalog entry leads
    /// out of their folder are left out (`outsideReasons` names them).
    public var readableStickerPaths: [String] {
        var seen = Set<String>()
        return flatMap { input in input.stickerPaths.filter { input.refused[$0] == nil } }
            .filter { seen.insert($0).inserted }
    }

    /// "path: reason" for every file not read because it leads out of its folder, a symbolic link or a
    /// catalog filename, and every catalog folder that cannot be listed; sorted, for commands to report before
    /// they work on the rest.
    public var outsideReasons: [String] {
        (flatMap { $0.refused.map { "\($0.key): \($0.value)" } }
            + flatMap { $0.catalogIssues.filter(\.leftUnread).map { "\($0.path): \($0.message)" } }).sorted()
    }
}
