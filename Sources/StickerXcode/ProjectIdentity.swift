import Foundation

/// The checks of `--name`, `--bundle-id` and `--team`, made before anything is written; each refusal suggests a
/// value that would pass.
extension ProjectSettings {
    public func check() throws(XcodeProjectExport.Failure) {
        let nameFault =
            name.isEmpty || name.trimmingCharacters(in: .whitespaces) != name || name.hasPrefix(".")
            || name.unicodeScalars.contains { $0 == "/" || $0 == ":" || $0.value < 0x20 || $0.value == 0x7F }
        if nameFault {
            throw .usage(
                "--name '\(name)' cannot name an app and its folder: no '/', ':' or control characters, no leading "
                    + "dot or space. Try --name \"\(Self.suggestedName(name))\".")
        }
        if !Self.isBundleID(bundleID) {
            throw .usage(
                "--bundle-id '\(bundleID)' is not a bundle identifier: letters, digits, '-' and '.', at least two "
                    + "parts (reverse DNS). Try --bundle-id \(Self.suggestedBundleID(bundleID, name: name)).")
        }
        if let team, team.isEmpty || !team.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            throw .usage(
                "--team '\(team)' is not a development team id: the 10 letters and digits shown in Xcode's "
                    + "Signing & Capabilities or on developer.apple.com under Membership.")
        }
        for (option, value) in [("--version", version), ("--build-number", buildNumber)]
        where !Self.isVersion(value) {
            throw .usage("\(option) '\(value)' is not a version: numbers separated by dots, such as 1.0 or 1.2.3.")
        }
    }

    static func isBundleID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "-") }
            }
    }

    /// Up to three integers separated by dots: what App Store Connect takes for a version and a build number.
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }

    /// Each character a bundle id cannot hold made `-`; empty parts dropped; one part put under `com.example`.
    static func suggestedBundleID(_ text: String, name: String) -> String {
        let cleaned = String(
            text.unicodeScalars.map { $0.isASCII && (isAlphanumeric($0) || $0 == ".") ? Character($0) : "-" })
        var parts = cleaned.split(separator: ".").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "-")) }
            .filter { !$0.isEmpty }
        if parts.isEmpty {
            let stem = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.isASCII && isAlphanumeric($0) }))
            parts = [stem.isEmpty ? "stickers" : stem]
        }
        if parts.count == 1 { parts = ["com", "example"] + parts }
        return parts.joined(separator: ".")
    }

    static func suggestedName(_ text: String) -> String {
        let cleaned = String(
            text.unicodeScalars.map {
                $0 == "/" || $0 == ":" || $0.value < 0x20 || $0.value == 0x7F ? "-" : Character($0)
            })
        let trimmed = cleaned.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        return trimmed.isEmpty ? "Stickers" : trimmed
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
