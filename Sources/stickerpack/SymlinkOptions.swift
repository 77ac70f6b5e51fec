import ArgumentParser

/// --follow-symlinks, for the commands that read folders and catalogs (lint, preview, variants, build).
struct SymlinkOptions: ParsableArguments {
    @Flag(
        help: """
            Read the files that symbolic links in a folder or catalog lead to outside it. By default such a link is \
            reported and not read, so a CI gate on an untrusted pull request reads nothing outside the repository.
            """)
    var followSymlinks = false
}
