import Foundation
import Testing

@Suite("stickerpack lint, end to end")
struct LintCommandTests {
    func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("The clean sample pack passes with no diagnostic, exit 0")
    func cleanPack() throws {
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Clean"), "--strict"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("0 errors, 0 warnings, 0 infos; 3 clean"))
    }

    @Test("Every file of the Problems pack triggers exactly its expected rules")
    func problemsPack() throws {
        let expectedData = try Data(
            contentsOf: URL(fileURLWithPath: Stickerpack.sample("Problems/EXPECTED_RULES.json")))
        let expected = try #require(try JSONSerialization.jsonObject(with: expectedData) as? [String: [String]])
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "json"])
        #expect(result.status == 1)
        let report = try jsonObject(result.stdout)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        var found: [String: Set<String>] = [:]
        for d in diagnostics {
            let name = (d["path"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
            found[name, default: []].insert(d["rule"] as? String ?? "")
            #expect(!(d["message"] as? String ?? "").isEmpty && !(d["hint"] as? String ?? "").isEmpty)
        }
        for (file, rules) in expected {
            #expect(found[file] ?? [] == Set(rules), "\(file)")
        }
        #expect(found["cat.png"] == nil, "the original of a duplicate is not itself a duplicate")
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == expected.count + 1)
    }

    @Test("The problem catalog trips the catalog and app-icon rules, read through Contents.json")
    func problemCatalog() throws {
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Problems.xcstickers"), "--format", "json"])
        #expect(result.status == 1)
        let diagnostics = try #require(try jsonObject(result.stdout)["diagnostics"] as? [[String: Any]])
        let messages = diagnostics.filter { ($0["rule"] as? String)?.hasPrefix("catalog-") == true }.compactMap {
            $0["message"] as? String
        }
        for expected in [
            "ghost.sticker, which is not there", "did you mean 'grid-size'", "not listed", "frames[1] is empty", "150",
        ] {
            #expect(messages.contains { $0.contains(expected) }, "no catalog diagnostic mentions \(expected)")
        }
        let icons = diagnostics.filter { $0["rule"] as? String == "app-icon" }.compactMap { $0["message"] as? String }
        #expect(icons.contains { $0.contains("misses 11 of the 13") })
        #expect(icons.contains { $0.contains("needs 180 x 135 px") })
    }

    @Test("rules --format markdown: a table row per rule, in the text listing's order, its group named")
    func rulesMarkdown() throws {
        let text = try Stickerpack.run(["rules"]).stdout.split(separator: "\n")
            .filter { !$0.isEmpty && !$0.hasPrefix("group ") }.map { String($0.prefix { $0 != " " }) }
        let markdown = try Stickerpack.run(["rules", "--format", "markdown"])
        #expect(markdown.status == 0)
        let rows = markdown.stdout.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.map { String($0.dropFirst(3).prefix { $0 != "`" }) } == text)
        #expect(rows.contains { $0.hasPrefix("| `catalog-no-pack` | error | `catalog` |") })
        #expect(try Stickerpack.run(["rules", "--format", "html"]).status == 2)
    }

    @Test("Catalog rules: listed by `rules`, in SARIF's rule list, off as a group or one by one in the config")
    func catalogRulesConfigurable() throws {
        let catalogRules = try Stickerpack.run(["rules"]).stdout.split(separator: "\n")
            .filter { $0.hasPrefix("catalog-") }.map { String($0.prefix { $0 != " " }) }
        #expect(catalogRules.count >= 10 && catalogRules.contains("catalog-missing-sticker"), "\(catalogRules)")

        let dir = try Stickerpack.temporaryDirectory()
        let catalog = dir.appendingPathComponent("Problems.xcstickers").path
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Problems.xcstickers"), toPath: catalog)
        func ruleIds(_ extra: [String] = []) throws -> Set<String> {
            let result = try Stickerpack.run(["lint", catalog, "--format", "sarif", "--quiet"] + extra)
            let run = try #require((try jsonObject(result.stdout)["runs"] as? [[String: Any]])?.first)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            let listed = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            #expect(Set(catalogRules).isSubset(of: listed), "every catalog rule is in SARIF's rule list")
            return Set(try #require(run["results"] as? [[String: Any]]).compactMap { $0["ruleId"] as? String })
        }
        let all = try ruleIds()
        #expect(all.contains("catalog-missing-sticker") && all.contains("catalog-unknown-key"), "\(all)")
        #expect(!(try ruleIds(["--disable", "catalog"])).contains { $0.hasPrefix("catalog-") })

        let config = dir.appendingPathComponent(".stickerpack.yml")
        try "rules:\n  catalog: off\n".write(to: config, atomically: true, encoding: .utf8)
        let groupOff = try ruleIds()
        #expect(!groupOff.contains { $0.hasPrefix("catalog-") } && groupOff.contains("app-icon"), "\(groupOff)")
        try "rules:\n  catalog-unknown-key: off\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(try ruleIds() == all.subtracting(["catalog-unknown-key"]))
        // A rule's own setting wins over its group's.
        try "rules:\n  catalog: off\n  catalog-label-length: warning\n".write(
            to: config, atomically: true, encoding: .utf8)
        #expect(try ruleIds().filter { $0.hasPrefix("catalog-") } == ["catalog-label-length"])
    }

    @Test("SARIF output validates against the SARIF 2.1.0 schema")
    func sarifValidates() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let output = dir.appendingPathComponent("report.sarif").path
        let result = try Stickerpack.run([
            "lint", Stickerpack.sample("Problems"), Stickerpack.sample("Problems.xcstickers"),
            "--format", "sarif", "-o", output,
        ])
        #expect(result.status == 1)
        let schema = Stickerpack.packageRoot.appendingPathComponent("Schemas/sarif-schema-2.1.0.json").path
        let check = try Python.run(
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); report = json.load(open(sys.argv[2]))
            jsonschema.validate(report, schema)
            run = report["runs"][0]
            assert run["results"], "no results"
            ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
            assert all(r["ruleId"] == ids[r["ruleIndex"]] for r in run["results"])
            print(len(run["results"]))
            """, arguments: [schema, output])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test("GitHub annotations: one workflow command per diagnostic, properties escaped")
    func githubAnnotations() throws {
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "github"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(
            lines.contains { $0.hasPrefix("::error file=SamplePacks/Problems/huge.png,title=stickerpack dimensions::") }
                || lines.contains {
                    $0.hasPrefix("::error file=") && $0.contains("huge.png,title=stickerpack dimensions::")
                })
        #expect(lines.contains { $0.hasPrefix("::warning ") })
        #expect(lines.contains { $0.hasPrefix("::notice ") })
    }

    @Test("JUnit: one test case per sticker, failures for errors; well-formed XML")
    func junit() throws {
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "junit"])
        #expect(result.status == 1)
        let check = try Python.run(
            """
            import sys, xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.read())
            cases = root.findall(".//testcase")
            failures = [c for c in cases if c.find("failure") is not None]
            print(len(cases), len(failures))
            """, input: result.stdout)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "15 6")
    }

    @Test("Configuration: rules off or re-graded, byte limit, exclusions; --strict fails on warnings")
    func configuration() throws {
        let dir = try Stickerpack.temporaryDirectory()
        for name in ["wide.png", "cat.png", "huge.png"] {
            try FileManager.default.copyItem(
                atPath: Stickerpack.sample("Problems/" + name), toPath: dir.appendingPathComponent(name).path)
        }
        #expect(try Stickerpack.run(["lint", dir.path]).status == 1)
        try "rules:\n  dimensions: warning\n".write(
            to: dir.appendingPathComponent(".stickerpack.yml"), atomically: true, encoding: .utf8)
        #expect(try Stickerpack.run(["lint", dir.path]).status == 0)
        #expect(try Stickerpack.run(["lint", dir.path, "--strict"]).status == 1)
        try "rules:\n  not-square: off\n  dimensions: warning\nexclude:\n  - huge.png\n".write(
            to: dir.appendingPathComponent(".stickerpack.yml"), atomically: true, encoding: .utf8)
        #expect(try Stickerpack.run(["lint", dir.path, "--strict"]).status == 0)
        #expect(try Stickerpack.run(["lint", dir.path, "--byte-limit", "1000"]).status == 1)
    }

    @Test("A bad configuration is a clear error naming the key, exit 2")
    func badConfiguration() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let config = dir.appendingPathComponent("custom.yml")
        try "rulez:\n  not-square: off\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Clean"), "--config", config.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown key 'rulez'"))
        #expect(result.stderr.contains("did you mean 'rules'"))
        try "rules:\n  not-sqare: off\n".write(to: config, atomically: true, encoding: .utf8)
        let second = try Stickerpack.run(["lint", Stickerpack.sample("Clean"), "--config", config.path])
        #expect(second.status == 2)
        #expect(second.stderr.contains("unknown rule 'not-sqare'"))
    }

    @Test("Usage errors exit 2; a missing path is named")
    func usage() throws {
        #expect(try Stickerpack.run(["lint"]).status == 2)
        #expect(try Stickerpack.run(["lint", "--format", "xml", "x"]).status == 2)
        let missing = try Stickerpack.run(["lint", "/no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/folder"))
    }

    @Test("Lint changes nothing on disk, and text in a pipe has no colour codes")
    func readOnlyAndPlain() throws {
        func snapshot() throws -> [String: Data] {
            let root = Stickerpack.sample("Problems")
            var out: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: root) {
                out[name] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))
            }
            return out
        }
        let before = try snapshot()
        let result = try Stickerpack.run(["lint", Stickerpack.sample("Problems")])
        #expect(try snapshot() == before)
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test(
        "Hostile folder contents: empty files, a folder named x.png, a symlink loop, a non-UTF-8 name; none fatal"
    )
    func hostileFolder() throws {
        let dir = try Stickerpack.temporaryDirectory()
        try Data().write(to: dir.appendingPathComponent("empty.png"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("x.png"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("loop"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("loop/self").path, withDestinationPath: "..")
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/cat.png"), toPath: dir.appendingPathComponent("cat.png").path)
        let made = try Python.run(
            "import sys; open(sys.argv[1].encode() + b'/bad\\xffname.png', 'wb').write(b'x')", arguments: [dir.path])
        #expect(made.status == 0, "\(made.stderr)")
        let result = try Stickerpack.run(["lint", dir.path, "--format", "json"])
        #expect(result.status == 1)
        let diagnostics = try #require(try jsonObject(result.stdout)["diagnostics"] as? [[String: Any]])
        let messages = diagnostics.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("empty file") })
        #expect(messages.contains { $0.contains("not valid UTF-8") })
        #expect(
            !diagnostics.contains {
                ($0["path"] as? String ?? "").hasSuffix("cat.png") && $0["severity"] as? String == "error"
            })
    }

    @Test("--jobs 1 gives the same report as all cores; --jobs 0 is a usage error")
    func jobs() throws {
        let all = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "json"])
        let one = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "json", "--jobs", "1"])
        #expect(one.status == all.status && one.stdout == all.stdout)
        let zero = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--jobs", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--jobs"))
    }

    @Test("Output order is stable from run to run")
    func stableOrder() throws {
        let first = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "json"])
        let second = try Stickerpack.run(["lint", Stickerpack.sample("Problems"), "--format", "json"])
        #expect(first.stdout == second.stdout)
    }

    @Test("--format xcode: one line per finding, as a Run Script phase shows them in Xcode's issue navigator")
    func xcodeFormat() throws {
        let folder = Stickerpack.sample("Problems")
        let json = try Stickerpack.run(["lint", folder, "--format", "json"])
        let diagnostics = try #require(try jsonObject(json.stdout)["diagnostics"] as? [[String: Any]])
        // Relative paths in, absolute paths out: Xcode places a diagnostic only by its full path.
        let result = try Stickerpack.run(
            ["lint", "Problems", "--format", "xcode"], in: Stickerpack.packageRoot.appendingPathComponent("SamplePacks")
        )
        #expect(result.status == 1, "errors fail the build phase")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == diagnostics.count)
        let shape = /^\/[^:]+: (error|warning|note): .+ \[[a-z-]+\]$/
        for line in lines { #expect(line.wholeMatch(of: shape) != nil, "\(line)") }
        for kind in ["error", "warning", "note"] {
            let severity = kind == "note" ? "info" : kind
            #expect(
                lines.filter { $0.contains(": \(kind): ") }.count
                    == diagnostics.filter { $0["severity"] as? String == severity }.count, "\(kind)")
        }
        #expect(lines.contains { $0.hasPrefix(folder + "/noise.png: error: ") && $0.hasSuffix("[file-size]") })
        let clean = try Stickerpack.run(["lint", Stickerpack.sample("Clean"), "--format", "xcode"])
        #expect(clean.status == 0 && clean.stdout.isEmpty)
    }

    /// Foundation's `formatted()` follows the user's locale where it reads one (a Mac's settings), so a German
    /// Mac would print "500.000"; stickerpack prints the same digits everywhere.
    @Test("Numbers print as 500,000 under a German locale too")
    func numbersInEveryLocale() throws {
        let german = ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"]
        let huge = Stickerpack.sample("Problems/huge.png")
        let lint = try Stickerpack.run(["lint", huge, "--byte-limit", "200000"], environment: german)
        #expect(lint.stdout.contains("214,037 bytes is over the 200,000-byte limit"), "\(lint.stdout)")
        let info = try Stickerpack.run(["info", huge], environment: german)
        #expect(info.stdout.contains("bytes        214,037"), "\(info.stdout)")
    }

    @Test("Corpus files lint without a crash, each bad one with a decode-error")
    func corpusFolders() throws {
        let result = try Stickerpack.run([
            "lint", Stickerpack.corpus("pngsuite"), Stickerpack.corpus("image-gif-tests"), "--format", "json",
            "--quiet",
        ])
        #expect(result.status == 1)
        let diagnostics = try #require(try jsonObject(result.stdout)["diagnostics"] as? [[String: Any]])
        let decodeErrors = Set(
            diagnostics.filter { $0["rule"] as? String == "decode-error" }.compactMap { $0["path"] as? String })
        #expect(decodeErrors.contains { $0.hasSuffix("xcsn0g01.png") })
        #expect(decodeErrors.contains { $0.hasSuffix("issue-117-out-of-range.gif") })
    }
}

/// Python helpers for checks that have a standard tool there (jsonschema, an XML parser).
enum Python {
    static func run(_ script: String, arguments: [String] = [], input: String? = nil) throws -> CommandResult {
        try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments, input: input)
    }
}
