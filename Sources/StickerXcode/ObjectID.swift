import StickerSupport

/// The 24 hex digits that name an object in a project file, derived from what the object is, never from the
/// clock or chance: the same project is written byte for byte the same.
struct ObjectID: Hashable, Comparable {
    let hex: String

    /// `kind` and `name` say which object this is (`target`, `NAME`); the project's name keeps two projects'
    /// ids apart when their files are merged into one workspace.
    init(_ kind: String, _ name: String, project: String) {
        hex = String(SHA256.hex(Array("stickerpack\u{0}\(project)\u{0}\(kind)\u{0}\(name)".utf8)).prefix(24))
            .uppercased()
    }

    static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.hex < rhs.hex }
}
