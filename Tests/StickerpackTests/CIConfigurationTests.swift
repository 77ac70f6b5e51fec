import Foundation
import StickerImage
import StickerSupport
import Testing
import Yams

/// GitHub cannot run here, so the workflow, the composite action and the pre-commit hook are parsed and
/// checked for what GitHub and pre-commit require, and the action's own lint and fail steps are run with
/// the built binary as the runner would run them.
@Suite("CI configuration: the workflow, the GitHub Action, the pre-commit hook")
struct CIConfigurationTests {
    static func yaml(_ relative: String) throws -> Node {
        let text = try String(contentsOf: Stickerpack.packageRoot.appendingPathComponent(relative), encoding: .utf8)
        return try #require(try Yams.compose(yaml: text), "\(relative) is empty")
    }

    static func strings(_ node: Node?) -> [String] { node?.sequence?.compactMap(\.string) ?? [] }

    /// The Homebrew names of the C libraries, as `make -s brew-packages` prints them.
    static func brewPackages() throws -> [String] {
        let result = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["make", "-s", "--no-print-directory", "brew-packages"],
            in: Stickerpack.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func runs(_ steps: [Node]) -> [String] { steps.compactMap { $0["run"]?.string } }

    /// The cache step: SwiftPM's build folder, keyed by the manifest (and the compiler, through SWIFT_ID).
    static func expectCache(_ steps: [Node], job: String) {
        let cache = steps.first { $0["uses"]?.string?.hasPrefix("actions/cache@") == true }
        #expect(cache?["with"]?["path"]?.string == ".build", "\(job) caches .build")
        let key = cache?["with"]?["key"]?.string ?? ""
        #expect(key.contains("Package.swift") && key.contains("SWIFT_ID"), "\(job): \(key)")
    }

    @Test("the workflow: the Swift image on Linux, macOS 15's newest Xcode, check-arm64, the portable suite, a cache")
    func workflow() throws {
        let workflow = try Self.yaml(".github/workflows/ci.yml")
        // Read as a plain key: YAML 1.1 would read an unquoted `on` as true.
        #expect(workflow["on"]?["pull_request"] != nil)
        let swift = try #require(workflow["env"]?["SWIFT_VERSION"]?.string)
        #expect(swift.first?.isNumber == true, "Swift is pinned to a version, not '\(swift)'")
        let jobs = try #require(workflow["jobs"]?.mapping)
        let image = "swift:\(swift)-bookworm"
        // The oldest Swift is the manifest's tools version.
        let manifest = try String(
            contentsOf: Stickerpack.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let tools = try #require(manifest.firstMatch(of: /swift-tools-version:\s*([0-9.]+)/)?.1)
        let oldest = "swift:\(tools)-bookworm"
        let oldestJob = try #require(workflow["jobs"]?["oldest-swift"])
        #expect(oldestJob["container"]?.string == oldest)
        #expect(
            Self.runs(Array(oldestJob["steps"]?.sequence ?? [])).contains { $0.contains("make build build-tests") })
        for (key, job) in jobs {
            let name = key.string ?? "?"
            let steps = job["steps"]?.sequence ?? []
            // swift-actions/setup-swift@v2 supplies no Swift 6.3: with it no job could start.
            #expect(!steps.contains { $0["uses"]?.string?.hasPrefix("swift-actions/setup-swift@") == true }, "\(name)")
            if let container = job["container"] {
                // The image of the pinned Swift (or of the oldest, for the job that builds with it), which has no
                // make: installed before anything runs it.
                #expect(container.string == (name == "oldest-swift" ? oldest : image), "\(name) runs in \(image)")
                #expect(steps.first?["run"]?.string?.contains("apt-get install -y -qq make") == true, "\(name)")
            }
        }

        let linux = try #require(workflow["jobs"]?["linux"])
        #expect(linux["runs-on"]?.string == "ubuntu-latest")
        #expect(linux["container"]?.string == image)
        let linuxSteps = Array(try #require(linux["steps"]?.sequence))
        #expect(Self.runs(linuxSteps).contains("make test"))
        Self.expectCache(linuxSteps, job: "linux")

        let portable = try #require(workflow["jobs"]?["portable"])
        #expect(portable["container"]?.string == image)
        let portableRuns = Self.runs(Array(try #require(portable["steps"]?.sequence)))
        #expect(portableRuns.contains("make check-arm64"))
        #expect(portableRuns.contains("STICKERPACK_PORTABLE=1 make test"))

        // macOS 15 on arm64: the newest Xcode from 16 on is selected (xcode-select) and its Swift printed; `make deps`
        // installs the Homebrew libraries and writes libgif.pc.
        let macos = try #require(workflow["jobs"]?["macos"])
        #expect(macos["runs-on"]?.string == "macos-15")
        #expect(macos["container"] == nil)
        let macSteps = Array(try #require(macos["steps"]?.sequence))
        let macRuns = Self.runs(macSteps)
        let select = try #require(macRuns.first { $0.contains("xcode-select -s") }, "an Xcode is selected")
        #expect(select.contains("/Applications/Xcode_") && select.contains("$1 >= 16"))
        let selected = macRuns.drop { $0 != select }
        #expect(selected.contains { $0.contains("swift --version") }, "the selected Swift is printed")
        #expect(macRuns.contains("make deps"))
        #expect(macRuns.contains("make test"))
        // The exported project is built for the simulator and archived for devices, unsigned, after the tests.
        let export = try #require(macRuns.first { $0.contains("--xcode-project") }, "an Xcode project is exported")
        #expect(export.contains("build SamplePacks/Clean") && export.contains("--bundle-id"))
        for action in ["-sdk iphonesimulator", "generic/platform=iOS Simulator", "generic/platform=iOS'", " archive"] {
            #expect(export.contains(action), "xcodebuild \(action)")
        }
        #expect(export.contains("-scheme Clean") && export.contains("CODE_SIGNING_ALLOWED=NO"))
        #expect(macRuns.firstIndex(of: "make test")! < macRuns.firstIndex(of: export)!)
        Self.expectCache(macSteps, job: "macos")

        // The composite action on the sample packs, in the same image.
        let action = try #require(workflow["jobs"]?["action"])
        #expect(action["container"]?.string == image)
        #expect(action["steps"]?.sequence?.contains { $0["uses"]?.string == "./" } == true)

        let packages = try Self.brewPackages()
        for formula in ["libpng", "giflib", "jpeg-turbo", "libdeflate", "xxhash", "pkgconf"] {
            #expect(packages.contains(formula), "make -s brew-packages: \(packages)")
        }
    }

    @Test("the Homebrew formula is valid Ruby: swift build --disable-sandbox, Xcode 16, every package of the Makefile")
    func homebrewFormula() throws {
        let path = Stickerpack.packageRoot.appendingPathComponent("Formula/stickerpack.rb")
        let syntax = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["ruby", "-c", path.path])
        #expect(syntax.status == 0 && syntax.stdout.contains("Syntax OK"), "\(syntax.stdout)\(syntax.stderr)")
        let formula = try String(contentsOf: path, encoding: .utf8)
        let lines = Set(formula.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in [
            "class Stickerpack < Formula",
            #"depends_on xcode: ["16.0", :build]"#,
            #"depends_on "pkgconf" => :build"#,
            #"uses_from_macos "zlib""#,
            #"system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "stickerpack""#,
            #"bin.install ".build/release/stickerpack""#,
            #"generate_completions_from_executable(bin/"stickerpack", "--generate-completion-script")"#,
        ] {
            #expect(lines.contains(line), "Formula/stickerpack.rb lacks: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix(#"head "https://github.com/"#) && $0.hasSuffix(#"branch: "main""#) })
        #expect(formula.contains("--experimental-dump-help") && formula.contains("stickerpack-manual"), "the man page")
        #expect(formula.contains("libgif.pc"), "giflib's missing pkg-config file is written")
        let license = try String(
            contentsOf: Stickerpack.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.hasPrefix("MIT License") && lines.contains(#"license "MIT""#))
        for package in try Self.brewPackages() {
            #expect(
                lines.contains { $0.hasPrefix(#"depends_on "\#(package)""#) }, "the formula depends on \(package)")
        }
    }

    @Test("action.yml is a composite action with the path, fail-on and config inputs, a shell on every run step")
    func actionShape() throws {
        let action = try Self.yaml("action.yml")
        for key in ["name", "description"] { #expect(action[key]?.string?.isEmpty == false, "\(key)") }
        #expect(action["runs"]?["using"]?.string == "composite")
        for input in ["path", "fail-on", "config"] {
            #expect(action["inputs"]?[input]?["description"]?.string != nil, "input \(input)")
        }
        #expect(action["inputs"]?["fail-on"]?["default"]?.string == "error")
        let steps = try #require(action["runs"]?["steps"]?.sequence)
        for step in steps where step["run"] != nil {
            #expect(step["shell"]?.string == "bash", "\(step["name"]?.string ?? "?") names its shell")
        }
        #expect(steps.contains { $0["run"]?.string?.contains("make -C \"$GITHUB_ACTION_PATH\" install") == true })
        #expect(steps.contains { $0["uses"]?.string?.hasPrefix("github/codeql-action/upload-sarif@") == true })
    }

    /// Runs one `run:` step of action.yml as the runner would: bash, the step's env with the inputs filled
    /// in, GITHUB_OUTPUT a file, and the built binary on PATH (as the install step puts it there).
    static func runStep(
        _ step: Node, inputs: [String: String], outputs: [String: String] = [:], in directory: URL
    ) throws -> (result: CommandResult, outputs: [String: String]) {
        let outputFile = directory.appendingPathComponent("github-output-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        var environment = [
            "GITHUB_OUTPUT": outputFile.path,
            "PATH": Stickerpack.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
        ]
        for (key, value) in step["env"]?.mapping ?? [:] {
            guard let name = key.string, let template = value.string else { continue }
            environment[name] = try Self.expand(template, inputs: inputs, outputs: outputs)
        }
        let script = try #require(step["run"]?.string)
        let result = try Subprocess.run(
            URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", script], environment: environment, in: directory)
        var produced: [String: String] = [:]
        // FileBytes, not String(contentsOf:): Foundation leaks its buffer reading an empty file.
        let text = String(decoding: try FileBytes.read(outputFile.path, limit: 1 << 20), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { produced[String(parts[0])] = String(parts[1]) }
        }
        return (result, produced)
    }

    /// `${{ inputs.NAME }}` and `${{ steps.lint.outputs.NAME }}`: the only expressions these steps' env uses.
    static func expand(_ template: String, inputs: [String: String], outputs: [String: String]) throws -> String {
        guard let open = template.range(of: "${{"), let close = template.range(of: "}}") else { return template }
        let expression = template[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
        let value: String
        if expression.hasPrefix("inputs.") {
            value = try #require(inputs[String(expression.dropFirst("inputs.".count))], "input \(expression)")
        } else if expression.hasPrefix("steps.lint.outputs.") {
            value = try #require(outputs[String(expression.dropFirst("steps.lint.outputs.".count))])
        } else {
            Issue.record("unexpected expression \(expression) in a step's env")
            value = ""
        }
        return template[..<open.lowerBound] + value + template[close.upperBound...]
    }

    struct ActionCase: Sendable, CustomTestStringConvertible {
        let pack: String
        let failOn: String
        let config: String
        let lintStatus: String
        let jobStatus: Int32
        var testDescription: String { "\(pack), fail-on \(failOn)\(config.isEmpty ? "" : ", a bad config")" }
    }

    @Test(
        "the action's lint and fail steps, run locally: the SARIF report, lint's status, the job's verdict",
        arguments: [
            ActionCase(pack: "Clean", failOn: "warning", config: "", lintStatus: "0", jobStatus: 0),
            ActionCase(pack: "Problems", failOn: "error", config: "", lintStatus: "1", jobStatus: 1),
            ActionCase(pack: "Problems", failOn: "warning", config: "", lintStatus: "1", jobStatus: 1),
            ActionCase(pack: "Problems", failOn: "never", config: "", lintStatus: "1", jobStatus: 0),
            ActionCase(pack: "Clean", failOn: "error", config: "broken.yml", lintStatus: "2", jobStatus: 2),
        ])
    func actionSteps(_ example: ActionCase) throws {
        let steps = try #require(try Self.yaml("action.yml")["runs"]?["steps"]?.sequence)
        let lint = try #require(steps.first { $0["id"]?.string == "lint" })
        let verdict = try #require(steps.first { $0["name"]?.string == "Fail on findings" })
        let directory = try Stickerpack.temporaryDirectory()
        try "rules: [not, a, mapping".write(
            to: directory.appendingPathComponent("broken.yml"), atomically: true, encoding: .utf8)
        let inputs = [
            "path": Stickerpack.sample(example.pack), "fail-on": example.failOn, "config": example.config,
            "sarif-file": "out.sarif",
        ]
        let (lintRun, outputs) = try Self.runStep(lint, inputs: inputs, in: directory)
        #expect(lintRun.status == 0, "the lint step itself succeeds: \(lintRun.stderr)")
        #expect(outputs["status"] == example.lintStatus, "\(lintRun.stdout)\(lintRun.stderr)")
        #expect(outputs["sarif-file"] == "out.sarif")
        if example.lintStatus != "2" {
            let sarif = try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("out.sarif")))
            let runs = try #require((sarif as? [String: Any])?["runs"] as? [[String: Any]])
            #expect(runs.count == 1)
            #expect(lintRun.stdout.contains(example.pack), "the text report is in the job's log")
        }
        let (failRun, _) = try Self.runStep(verdict, inputs: inputs, outputs: outputs, in: directory)
        #expect(failRun.status == example.jobStatus, "\(failRun.stdout)")
    }

    @Test("the pre-commit hook lints the whole pack that holds each changed file")
    func preCommitHook() throws {
        let hooks = try #require(try Self.yaml(".pre-commit-hooks.yaml").sequence)
        let hook = try #require(hooks.first { $0["id"]?.string == "stickerpack-lint" })
        for key in ["name", "entry", "language"] { #expect(hook[key]?.string != nil, "\(key)") }
        let filePattern = try Regex(try #require(hook["files"]?.string))
        for changed in ["Stickers/cat.png", "A.xcstickers/P.stickerpack/Contents.json", "x/wave.GIF"] {
            #expect(changed.contains(filePattern), "\(changed) triggers the hook")
        }
        for other in ["README.md", "Sources/main.swift"] { #expect(!other.contains(filePattern), "\(other)") }

        // pre-commit runs the entry with the changed files appended: here two files of one catalog's pack and
        // one of a folder, which must come out as the two whole packs.
        let entry = try #require(hook["entry"]?.string).split(separator: " ").map(String.init)
        #expect(entry.first == "stickerpack")
        let catalog = Stickerpack.sample("Problems.xcstickers")
        let changed = try FileManager.default.subpathsOfDirectory(atPath: catalog)
            .filter { $0.hasSuffix(".png") }.prefix(2).map { catalog + "/" + $0 }
        let result = try Stickerpack.run(
            Array(entry.dropFirst()) + changed + [Stickerpack.sample("Clean") + "/star.png", "--format", "json"])
        #expect(result.status == 1, "the Problems catalog has errors: \(result.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        let packs = try #require(summary["packs"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(packs.count == 2, "\(packs)")
        #expect(packs.contains { $0.hasSuffix("Clean") })
        let files = try #require(summary["files"] as? Int)
        #expect(files > changed.count + 1, "whole packs are linted, not only the changed files")
    }
}
