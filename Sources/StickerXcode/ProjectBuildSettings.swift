/// The build settings of a Sticker Pack App: what real sticker projects share and what current Xcode builds
/// without a warning. Every value that matters to a target is set on the target itself, in both
/// configurations, so neither depends on what the project level happens to say.
enum ProjectBuildSettings {
    static func project(debug: Bool) -> [String: String] {
        var values = [
            "ALWAYS_SEARCH_USER_PATHS": "NO", "IPHONEOS_DEPLOYMENT_TARGET": ProjectSettings.deploymentTarget,
            "SDKROOT": "iphoneos",
        ]
        if debug {
            values["DEBUG_INFORMATION_FORMAT"] = "dwarf"
            values["ONLY_ACTIVE_ARCH"] = "YES"
        } else {
            values["DEBUG_INFORMATION_FORMAT"] = "dwarf-with-dsym"
            values["VALIDATE_PRODUCT"] = "YES"
        }
        return values
    }

    static func target(_ settings: ProjectSettings, isExtension: Bool, debug: Bool) -> [String: String] {
        var values = [
            "ASSETCATALOG_COMPILER_APPICON_NAME": ProjectSettings.iconSetName,
            "CODE_SIGN_STYLE": "Automatic",
            "CURRENT_PROJECT_VERSION": settings.buildNumber,
            "GENERATE_INFOPLIST_FILE": "NO",
            "INFOPLIST_FILE": (isExtension ? settings.extensionName : settings.name) + "/Info.plist",
            "IPHONEOS_DEPLOYMENT_TARGET": ProjectSettings.deploymentTarget,
            "MARKETING_VERSION": settings.version,
            "PRODUCT_BUNDLE_IDENTIFIER": isExtension ? settings.extensionBundleID : settings.bundleID,
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "SDKROOT": "iphoneos",
            "TARGETED_DEVICE_FAMILY": "1,2",
        ]
        if let team = settings.team { values["DEVELOPMENT_TEAM"] = team }
        if isExtension {
            values["SKIP_INSTALL"] = "YES"
            // The lint phase reads the whole catalog folder; a sandboxed script may read only declared files.
            if settings.lintPhase { values["ENABLE_USER_SCRIPT_SANDBOXING"] = "NO" }
        }
        return values
    }
}
