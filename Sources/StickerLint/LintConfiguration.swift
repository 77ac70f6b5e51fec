import Foundation
import StickerCatalog
import StickerImage
import StickerSupport
import Yams

/// `.stickerpack.yml`: rules turned off or re-graded by identifier, the byte limit, the size class, exclusions.
public struct LintConfiguration: Sendable, Equatable {
    public enum RuleSetting: Sendable, Equatable {
        case off
        case severity(Severity)
    }

    public var rules: [String: RuleSetting] = [:]
    public var settings = LintSettings()
    public var sizeClass: SizeClass?
    /// Glob patterns (`*`, `**`, `?`) matched against paths relative to the config's folder, or file names.
    public var exclude: [String] = []
    public var strict = false
    /// The file this came from, for messages; nil for the defaults.
    public var source: String?
    public var baseDirectory: String?

    public init() {}

    public static let fileName = ".stickerpack.yml"
    /// A configuration is a few lines; this bounds what a hostile one can make the parser read.
    static let maxFileBytes = 1 << 20
    static let knownKeys = [
        "rules", "byte-limit", "size-class", "exclude", "strict", "min-side", "max-side", "short-delay-ms",
        "max-label-length",
    ]

    /// A configuration file that cannot be read or makes no sense: a usage error.
    public struct ConfigurationError: CommandFailure, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
        public var messages: [String] { ["configuration error: " + description] }
        public var isUsage: Bool { true }
    }

    /// The nearest `.stickerpack.yml` in `directory` or its parents.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// `explicit` (a --config FILE), else the nearest `.stickerpack.yml` from the first input that has one, else
    /// the defaults.
    public static func forInputs(explicit: String?, inputs: [String]) throws(ConfigurationError) -> LintConfiguration {
        let path = explicit ?? inputs.lazy.compactMap { find(from: folder(of: $0)) }.first
        guard let path else { return LintConfiguration() }
        return try load(path)
    }

    /// The folder itself, or the folder a file is in: where the search starts.
    static func folder(of path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return path
        }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    public static func load(_ path: String) throws(ConfigurationError) -> LintConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: maxFileBytes)
        } catch {
            throw ConfigurationError(file: path, reason: error.description)
        }
        var configuration = try parse(String(decoding: bytes, as: UTF8.self), file: path)
        configuration.source = path
        configuration.baseDirectory = (path as NSString).deletingLastPathComponent
        return configuration
    }

    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> LintConfiguration {
        func fail(_ reason: String) -> ConfigurationError { ConfigurationError(file: file, reason: reason) }
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: text)
        } catch {
            throw fail("not valid YAML: \(error)")
        }
        var configuration = LintConfiguration()
        guard let loaded else { return configuration }
        guard let root = loaded as? [String: Any] else { throw fail("the top level must be a mapping of keys") }
        for key in root.keys.sorted() where !knownKeys.contains(key) {
            throw fail(
                "unknown key '\(key)'" + suggestion(for: key, among: knownKeys)
                    + " (known keys: \(knownKeys.joined(separator: ", ")))")
        }
        func integer(_ key: String, min: Int) throws(ConfigurationError) -> Int? {
            guard let value = root[key] else { return nil }
            guard let number = value as? Int, number >= min else {
                throw fail("'\(key)' must be a whole number of at least \(min), not \(value)")
            }
            return number
        }
        if let limit = try integer("byte-limit", min: 1) { configuration.settings.byteLimit = limit }
        if let side = try integer("min-side", min: 1) { configuration.settings.minSide = side }
        if let side = try integer("max-side", min: 1) { configuration.settings.maxSide = side }
        if let ms = try integer("short-delay-ms", min: 0) { configuration.settings.shortDelayMs = Double(ms) }
        if let length = try integer("max-label-length", min: 1) { configuration.settings.maxLabelLength = length }
        if let value = root["size-class"] {
            guard let name = value as? String, let sizeClass = SizeClass(rawValue: name) else {
                throw fail("'size-class' must be small, regular or large, not \(value)")
            }
            configuration.sizeClass = sizeClass
        }
        if let value = root["strict"] {
            guard let strict = value as? Bool else { throw fail("'strict' must be true or false, not \(value)") }
            configuration.strict = strict
        }
        if let value = root["exclude"] {
            guard let patterns = value as? [String] else { throw fail("'exclude' must be a list of glob patterns") }
            configuration.exclude = patterns
        }
        if let value = root["rules"] {
            guard let rules = value as? [String: Any] else {
                throw fail("'rules' must map rule identifiers to off, error, warning or info")
            }
            for (identifier, setting) in rules.sorted(by: { $0.key < $1.key }) {
                guard RuleRegistry.settingNames.contains(identifier) else {
                    throw fail(
                        "unknown rule '\(identifier)' under 'rules'"
                            + suggestion(for: identifier, among: RuleRegistry.settingNames)
                            + " (rules: \(RuleRegistry.identifiers.joined(separator: ", ")); "
                            + "groups: \(RuleRegistry.groups.joined(separator: ", ")))")
                }
                // YAML reads a bare `off` as false; `true` leaves the rule (or each rule of a group) as it is.
                if let flag = setting as? Bool {
                    if !flag { configuration.rules[identifier] = .off }
                } else if let name = setting as? String, name == "off" {
                    configuration.rules[identifier] = .off
                } else if let name = setting as? String, let severity = Severity(rawValue: name) {
                    configuration.rules[identifier] = .severity(severity)
                } else {
                    throw fail("rule '\(identifier)' must be off, error, warning or info, not \(setting)")
                }
            }
        }
        return configuration
    }

    /// What the configuration says of a rule: its own entry, else its group's, else nothing (the default).
    public func setting(for rule: RuleDescription) -> RuleSetting? {
        rules[rule.identifier] ?? rule.group.flatMap { rules[$0] }
    }

    /// " (did you mean 'x'?)" for a near miss.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        guard let best = candidates.min(by: { editDistance(word, $0) < editDistance(word, $1) }),
            editDistance(word, best) <= 3
        else { return "" }
        return " (did you mean '\(best)'?)"
    }

    /// Whether `path` is excluded by a pattern.
    public func excludes(_ path: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        var relative = URL(fileURLWithPath: path).standardizedFileURL.path
        if let base = baseDirectory.map({ URL(fileURLWithPath: $0).standardizedFileURL.path + "/" }),
            relative.hasPrefix(base)
        {
            relative = String(relative.dropFirst(base.count))
        }
        let name = (path as NSString).lastPathComponent
        return exclude.contains { pattern in
            let regex = Self.regex(forGlob: pattern)
            return relative.range(of: regex, options: .regularExpression) != nil
                || (!pattern.contains("/") && name.range(of: regex, options: .regularExpression) != nil)
        }
    }

    static func regex(forGlob glob: String) -> String {
        var out = "^"
        var characters = Array(glob)[...]
        while let c = characters.popFirst() {
            switch c {
            case "*":
                if characters.first == "*" {
                    characters.removeFirst()
                    if characters.first == "/" {
                        characters.removeFirst()
                        out += "(.*/)?"
                    } else {
                        out += ".*"
                    }
                } else {
                    out += "[^/]*"
                }
            case "?": out += "[^/]"
            case ".", "+", "(", ")", "^", "$", "|", "{", "}", "[", "]", "\\": out += "\\" + String(c)
            default: out.append(c)
            }
        }
        return out + "$"
    }
}
