/// The Run Script build phase `--lint-phase` adds to the extension: stickerpack's findings in Xcode's issue
/// navigator on every build, errors failing it; only a warning where stickerpack is not installed, so a
/// teammate without it can still build.
enum LintPhaseScript {
    static func text(catalog: String) -> String {
        """
        # Xcode's PATH has neither Homebrew folder.
        export PATH="/opt/homebrew/bin:/usr/local/bin:$PATH"
        if ! command -v stickerpack >/dev/null; then
          echo "warning: stickerpack is not installed, so the stickers were not checked (see its README: Install)"
          exit 0
        fi
        stickerpack lint "$SRCROOT/\(catalog)" --format xcode

        """
    }
}
