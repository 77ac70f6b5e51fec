import StickerSupport

/// The two targets' Info.plist files. Identifiers and versions are the build settings' variables, so the
/// project's settings stay the one place they are set.
enum InfoPlists {
    enum Value {
        case string(String)
        case bool(Bool)
        case dictionary([String: Value])
    }

    static func app(_ settings: ProjectSettings) -> String {
        xml(
            common(displayName: settings.name).merging(
                ["CFBundlePackageType": .string("APPL"), "LSRequiresIPhoneOS": .bool(true)], uniquingKeysWith: { $1 }))
    }

    static func stickerPackExtension(_ settings: ProjectSettings) -> String {
        xml(
            common(displayName: settings.name).merging(
                [
                    "CFBundlePackageType": .string("XPC!"),
                    "NSExtension": .dictionary([
                        "NSExtensionPointIdentifier": .string("com.apple.message-payload-provider"),
                        "NSExtensionPrincipalClass": .string("StickerBrowserViewController"),
                    ]),
                ], uniquingKeysWith: { $1 }))
    }

    private static func common(displayName: String) -> [String: Value] {
        [
            "CFBundleDevelopmentRegion": .string("$(DEVELOPMENT_LANGUAGE)"),
            "CFBundleDisplayName": .string(displayName),
            "CFBundleExecutable": .string("$(EXECUTABLE_NAME)"),
            "CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)"),
            "CFBundleInfoDictionaryVersion": .string("6.0"),
            "CFBundleName": .string("$(PRODUCT_NAME)"),
            "CFBundleShortVersionString": .string("$(MARKETING_VERSION)"),
            "CFBundleVersion": .string("$(CURRENT_PROJECT_VERSION)"),
        ]
    }

    /// An XML property list, keys sorted as Xcode writes them, indented with tabs.
    static func xml(_ root: [String: Value]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
            + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
            + "<plist version=\"1.0\">\n" + text(.dictionary(root), indent: 0) + "</plist>\n"
    }

    private static func text(_ value: Value, indent: Int) -> String {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string): return "\(tabs)<string>\(XMLText.escape(string))</string>\n"
        case .bool(let flag): return "\(tabs)<\(flag)/>\n"
        case .dictionary(let entries):
            let body = entries.sorted { $0.key < $1.key }.map {
                "\(tabs)\t<key>\(XMLText.escape($0.key))</key>\n" + text($0.value, indent: indent + 1)
            }
            return "\(tabs)<dict>\n" + body.joined() + "\(tabs)</dict>\n"
        }
    }
}
