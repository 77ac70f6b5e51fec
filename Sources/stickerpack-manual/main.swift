import Foundation

// Renders the man page stickerpack(1) from the command tree ArgumentParser describes
// (`stickerpack --experimental-dump-help` on standard input), so the page always matches the help.
// Usage: stickerpack --experimental-dump-help | stickerpack-manual "stickerpack 0.1.0" > stickerpack.1

/// Text for a roff line: backslashes and hyphens escaped, a leading dot or quote neutralised.
func roff(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
}

/// A discussion: paragraphs become .PP, an "Examples:" block keeps its lines as they are.
func paragraphs(_ text: String) -> [String] {
    var out: [String] = []
    for block in text.components(separatedBy: "\n\n") {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first.hasSuffix(":"), lines.count > 1,
            lines.dropFirst().allSatisfy({ $0.hasPrefix("  ") })
        {
            out +=
                [".PP", roff(first), ".RS 4", ".nf"]
                + lines.dropFirst().map { roff($0.trimmingCharacters(in: .whitespaces)) } + [".fi", ".RE"]
        } else {
            out += [".PP", roff(block)]
        }
    }
    return out
}

func names(_ argument: [String: Any]) -> String {
    let list = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
        guard let value = name["name"] as? String else { return nil }
        return (name["kind"] as? String == "short" ? "-" : "--") + value
    }
    let value = argument["valueName"] as? String ?? ""
    switch argument["kind"] as? String {
    case "positional": return "\\fI\(roff(value))\\fR" + (argument["isRepeating"] as? Bool == true ? "..." : "")
    case "flag": return list.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
    default: return list.map { "\\fB\(roff($0))\\fR \\fI\(roff(value))\\fR" }.joined(separator: ", ")
    }
}

func synopsis(_ command: [String: Any], path: String) -> String {
    let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool != false }
    let positional = arguments.filter { $0["kind"] as? String == "positional" }.map { names($0) }
    return "\\fB\(roff(path))\\fR"
        + (arguments.contains { $0["kind"] as? String != "positional" } ? " [\\fIoptions\\fR]" : "")
        + positional.map { " " + $0 }.joined()
}

func options(_ command: [String: Any]) -> [String] {
    var out: [String] = []
    for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
        let name = (argument["names"] as? [[String: Any]])?.first?["name"] as? String
        if name == "help" || name == "version" { continue }
        out += [".TP", names(argument)]
        var help = argument["abstract"] as? String ?? ""
        if let value = argument["defaultValue"] as? String, !value.isEmpty { help += " (default: \(value))" }
        if let values = argument["allValues"] as? [String], !values.isEmpty, !values.allSatisfy(help.contains) {
            help += " Values: \(values.joined(separator: ", "))."
        }
        out.append(roff(help))
    }
    return out
}

/// Stops with what was expected on standard input, and `why` it is not that.
func refuseInput(_ why: String) -> Never {
    FileHandle.standardError.write(
        Data("error: standard input is not the JSON of `stickerpack --experimental-dump-help`: \(why)\n".utf8))
    exit(1)
}

let input = FileHandle.standardInput.readDataToEndOfFile()
let parsed: Any
do {
    parsed = try JSONSerialization.jsonObject(with: input)
} catch {
    refuseInput(input.isEmpty ? "it is empty" : "it is not valid JSON")
}
guard let root = (parsed as? [String: Any])?["command"] as? [String: Any],
    let tool = root["commandName"] as? String
else { refuseInput("it has no command with a commandName") }
let version = CommandLine.arguments.dropFirst().first ?? tool
var page: [String] =
    [
        ".\\\" Generated from `\(tool) --experimental-dump-help` by stickerpack-manual; do not edit.",
        ".TH \(tool.uppercased()) 1 \"\" \"\(roff(version))\" \"User Commands\"",
        ".SH NAME", "\(tool) \\- \(roff(root["abstract"] as? String ?? ""))",
        ".SH SYNOPSIS", "\\fB\(tool)\\fR \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]",
        ".SH DESCRIPTION",
    ] + paragraphs(root["discussion"] as? String ?? "")
page.append(".SH COMMANDS")
for command in root["subcommands"] as? [[String: Any]] ?? [] where command["shouldDisplay"] as? Bool != false {
    guard let name = command["commandName"] as? String, name != "help" else { continue }
    page += [
        ".SS \(roff(name))", synopsis(command, path: "\(tool) \(name)"), ".PP",
        roff(command["abstract"] as? String ?? ""),
    ]
    page += paragraphs(command["discussion"] as? String ?? "")
    let list = options(command)
    if !list.isEmpty { page += [".PP", "Options:", ".RS 4"] + list + [".RE"] }
}
page += [
    ".SH EXIT STATUS",
    ".TP", "0", "lint: no error (and no warning with \\-\\-strict); other commands: the work was done.",
    ".TP", "1",
    "lint: an error (or a warning with \\-\\-strict); other commands: a file did not decode or could not be written.",
    ".TP", "2", "A usage or configuration error: an unknown option, a missing path, a bad .stickerpack.yml.",
    ".SH ENVIRONMENT",
    ".TP", "NO_COLOR",
    "When set (to anything but the empty string), no output is coloured. Colours are also off when the output is not "
        + "a terminal, and with TERM=dumb.",
    ".SH FILES",
    ".TP", roff(".stickerpack.yml"),
    "The lint configuration, found in the linted folder or a parent (or given with \\-\\-config).",
]
print(page.joined(separator: "\n"))
