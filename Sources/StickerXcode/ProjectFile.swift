/// `project.pbxproj`: the two targets of a Sticker Pack App (the app, which holds only the icon, and the
/// sticker-pack extension, which holds the catalog), as Xcode 15 and later open them without an upgrade.
struct ProjectFile {
    let settings: ProjectSettings
    private var objects: [ObjectID: (isa: String, comment: String?, value: OpenStepValue)] = [:]

    init(_ settings: ProjectSettings) {
        self.settings = settings
        build()
    }

    /// The file's text, objects grouped by kind and sorted by id as Xcode writes them.
    var text: String {
        var out = "// !$*UTF8*$!\n\(ProjectSettings.marker)\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n"
        out += "\tobjectVersion = 56;\n\tobjects = {\n"
        for isa in Set(objects.values.map(\.isa)).sorted() {
            out += "\n/* Begin \(isa) section */\n"
            for (id, object) in objects.filter({ $0.value.isa == isa }).sorted(by: { $0.key < $1.key }) {
                let comment = object.comment.map { " /* \($0) */" } ?? ""
                out += "\t\t\(id.hex)\(comment) = \(object.value.text(indent: 2));\n"
            }
            out += "/* End \(isa) section */\n"
        }
        return out + "\t};\n\trootObject = \(project.hex) /* Project object */;\n}\n"
    }

    // MARK: The objects

    private func id(_ kind: String, _ name: String = "") -> ObjectID { ObjectID(kind, name, project: settings.name) }
    private var project: ObjectID { id("project") }
    private var app: ObjectID { id("target", settings.name) }
    private var appex: ObjectID { id("target", settings.extensionName) }

    private mutating func add(_ id: ObjectID, _ isa: String, _ comment: String?, _ fields: [String: OpenStepValue]) {
        objects[id] = (isa, comment, .object(isa: isa, fields))
    }

    private mutating func build() {
        let (name, extensionName) = (settings.name, settings.extensionName)
        let appProduct = id("product", name + ".app")
        let appexProduct = id("product", extensionName + ".appex")
        add(
            appProduct, "PBXFileReference", name + ".app",
            [
                "explicitFileType": .string("wrapper.application"), "includeInIndex": .string("0"),
                "path": .string(name + ".app"), "sourceTree": .string("BUILT_PRODUCTS_DIR"),
            ])
        add(
            appexProduct, "PBXFileReference", extensionName + ".appex",
            [
                "explicitFileType": .string("wrapper.app-extension"), "includeInIndex": .string("0"),
                "path": .string(extensionName + ".appex"), "sourceTree": .string("BUILT_PRODUCTS_DIR"),
            ])
        let catalog = fileReference("catalog", ProjectSettings.catalogName, type: "folder.stickers")
        let appPlist = fileReference("app plist", "Info.plist", type: "text.plist.xml")
        let appexPlist = fileReference("extension plist", "Info.plist", type: "text.plist.xml")

        let products = group(
            "products", "Products", name: "Products",
            children: [(appProduct, name + ".app"), (appexProduct, extensionName + ".appex")])
        let appGroup = group("app", name, path: name, children: [(appPlist, "Info.plist")])
        let appexGroup = group(
            "extension", extensionName, path: extensionName,
            children: [(catalog, ProjectSettings.catalogName), (appexPlist, "Info.plist")])
        let main = id("group", "main")
        add(
            main, "PBXGroup", nil,
            [
                "children": .array([
                    .id(appGroup, comment: name), .id(appexGroup, comment: extensionName),
                    .id(products, comment: "Products"),
                ]),
                "sourceTree": .string("<group>"),
            ])

        // The extension: the catalog as its resource, and the lint phase if asked for.
        var appexPhases = [resources(for: extensionName, catalog: catalog)]
        if settings.lintPhase { appexPhases.append(lintPhase()) }
        addTarget(
            appex, name: extensionName, product: (appexProduct, extensionName + ".appex"),
            type: "com.apple.product-type.app-extension.messages-sticker-pack", phases: appexPhases, dependencies: [])

        // The app: the catalog too (its icon is there), the extension embedded, and built first.
        let embed = id("phase", "embed")
        let embedFile = id("build file", "embed " + extensionName)
        add(
            embedFile, "PBXBuildFile", "\(extensionName).appex in Embed App Extensions",
            [
                "fileRef": .id(appexProduct, comment: extensionName + ".appex"),
                "settings": .dictionary([("ATTRIBUTES", .array([.string("RemoveHeadersOnCopy")]))]),
            ])
        add(
            embed, "PBXCopyFilesBuildPhase", "Embed App Extensions",
            [
                "buildActionMask": .string("2147483647"), "dstPath": .string(""), "dstSubfolderSpec": .string("13"),
                "files": .array([.id(embedFile, comment: "\(extensionName).appex in Embed App Extensions")]),
                "name": .string("Embed App Extensions"), "runOnlyForDeploymentPostprocessing": .string("0"),
            ])
        let proxy = id("proxy", extensionName)
        add(
            proxy, "PBXContainerItemProxy", nil,
            [
                "containerPortal": .id(project, comment: "Project object"), "proxyType": .string("1"),
                "remoteGlobalIDString": .id(appex, comment: nil), "remoteInfo": .string(extensionName),
            ])
        let dependency = id("dependency", extensionName)
        add(
            dependency, "PBXTargetDependency", nil,
            ["target": .id(appex, comment: extensionName), "targetProxy": .id(proxy, comment: "PBXContainerItemProxy")])
        addTarget(
            app, name: name, product: (appProduct, name + ".app"), type: "com.apple.product-type.application.messages",
            phases: [resources(for: name, catalog: catalog), (embed, "Embed App Extensions")],
            dependencies: [dependency])

        let projectConfigurations = configurationList(
            "project", comment: "PBXProject \"\(name)\"",
            debug: ProjectBuildSettings.project(debug: true), release: ProjectBuildSettings.project(debug: false))
        add(
            project, "PBXProject", "Project object",
            [
                "attributes": .dictionary([
                    ("BuildIndependentTargetsInParallel", .string("1")), ("LastUpgradeCheck", .string("1500")),
                    (
                        "TargetAttributes",
                        .dictionary(
                            [app, appex].sorted().map {
                                ($0.hex, .dictionary([("CreatedOnToolsVersion", .string("15.0"))]))
                            })
                    ),
                ]),
                "buildConfigurationList": .id(
                    projectConfigurations, comment: "Build configuration list for PBXProject \"\(name)\""),
                "compatibilityVersion": .string("Xcode 14.0"), "developmentRegion": .string("en"),
                "hasScannedForEncodings": .string("0"), "knownRegions": .array([.string("en"), .string("Base")]),
                "mainGroup": .id(main, comment: nil), "productRefGroup": .id(products, comment: "Products"),
                "projectDirPath": .string(""), "projectRoot": .string(""),
                "targets": .array([.id(app, comment: name), .id(appex, comment: extensionName)]),
            ])
    }

    private mutating func fileReference(_ kind: String, _ path: String, type: String) -> ObjectID {
        let reference = id("file", kind)
        add(
            reference, "PBXFileReference", path,
            ["lastKnownFileType": .string(type), "path": .string(path), "sourceTree": .string("<group>")])
        return reference
    }

    /// `role` names the group among the project's groups, whatever the user's names are.
    private mutating func group(
        _ role: String, _ comment: String, name: String? = nil, path: String? = nil, children: [(ObjectID, String)]
    ) -> ObjectID {
        let group = id("group", role)
        var fields: [String: OpenStepValue] = [
            "children": .array(children.map { .id($0.0, comment: $0.1) }), "sourceTree": .string("<group>"),
        ]
        if let name { fields["name"] = .string(name) }
        if let path { fields["path"] = .string(path) }
        add(group, "PBXGroup", comment, fields)
        return group
    }

    /// The target's Resources phase, holding the catalog.
    private mutating func resources(for target: String, catalog: ObjectID) -> (ObjectID, String) {
        let file = id("build file", "catalog in " + target)
        let fileComment = ProjectSettings.catalogName + " in Resources"
        add(file, "PBXBuildFile", fileComment, ["fileRef": .id(catalog, comment: ProjectSettings.catalogName)])
        let phase = id("phase", "resources " + target)
        add(
            phase, "PBXResourcesBuildPhase", "Resources",
            [
                "buildActionMask": .string("2147483647"), "files": .array([.id(file, comment: fileComment)]),
                "runOnlyForDeploymentPostprocessing": .string("0"),
            ])
        return (phase, "Resources")
    }

    private mutating func lintPhase() -> (ObjectID, String) {
        let phase = id("phase", "lint")
        let name = "Lint stickers"
        add(
            phase, "PBXShellScriptBuildPhase", name,
            [
                "alwaysOutOfDate": .string("1"), "buildActionMask": .string("2147483647"), "files": .array([]),
                "inputFileListPaths": .array([]),
                "inputPaths": .array([.string("$(SRCROOT)/" + settings.catalogPath)]), "name": .string(name),
                "outputFileListPaths": .array([]), "outputPaths": .array([]),
                "runOnlyForDeploymentPostprocessing": .string("0"), "shellPath": .string("/bin/sh"),
                "shellScript": .string(LintPhaseScript.text(catalog: settings.catalogPath)),
            ])
        return (phase, name)
    }

    private mutating func addTarget(
        _ target: ObjectID, name: String, product: (ObjectID, String), type: String, phases: [(ObjectID, String)],
        dependencies: [ObjectID]
    ) {
        let isExtension = target == appex
        let configurations = configurationList(
            "target " + name, comment: "PBXNativeTarget \"\(name)\"",
            debug: ProjectBuildSettings.target(settings, isExtension: isExtension, debug: true),
            release: ProjectBuildSettings.target(settings, isExtension: isExtension, debug: false))
        add(
            target, "PBXNativeTarget", name,
            [
                "buildConfigurationList": .id(
                    configurations, comment: "Build configuration list for PBXNativeTarget \"\(name)\""),
                "buildPhases": .array(phases.map { .id($0.0, comment: $0.1) }), "buildRules": .array([]),
                "dependencies": .array(dependencies.map { .id($0, comment: "PBXTargetDependency") }),
                "name": .string(name), "productName": .string(name),
                "productReference": .id(product.0, comment: product.1), "productType": .string(type),
            ])
    }

    private mutating func configurationList(
        _ owner: String, comment: String, debug: [String: String], release: [String: String]
    ) -> ObjectID {
        var entries: [OpenStepValue] = []
        for (configuration, values) in [("Debug", debug), ("Release", release)] {
            let id = id("configuration", owner + " " + configuration)
            add(
                id, "XCBuildConfiguration", configuration,
                ["buildSettings": .settings(values), "name": .string(configuration)])
            entries.append(.id(id, comment: configuration))
        }
        let list = id("configuration list", owner)
        add(
            list, "XCConfigurationList", "Build configuration list for " + comment,
            [
                "buildConfigurations": .array(entries), "defaultConfigurationIsVisible": .string("0"),
                "defaultConfigurationName": .string("Release"),
            ])
        return list
    }
}
