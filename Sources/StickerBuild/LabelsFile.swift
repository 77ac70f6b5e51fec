import Foundation
import StickerImage
import StickerSupport
import Yams

/// Accessibility labels by sticker: `labels.yml` (name: label) or a CSV of name,label rows.
public enum LabelsFile {
    public struct LabelsError: Error, CustomStringConvertible {
        public let description: String
    }

    /// One label a sticker, 150 characters at most: a pack's file is far below this.
    public static let maxFileBytes = 4 << 20

    public static func load(_ path: String) throws(LabelsError) -> [String: String] {
        let text: String
        do {
            text = String(decoding: try FileBytes.read(path, limit: maxFileBytes), as: UTF8.self)
        } catch {
            throw LabelsError(description: "\(path): \(error)")
        }
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "csv" { return parseCSV(text) }
        let loaded: Any?
        do { loaded = try Yams.load(yaml: text) } catch {
            throw LabelsError(description: "\(path): not valid YAML: \(error)")
        }
        guard let map = loaded as? [String: Any] else {
            throw LabelsError(description: "\(path): must map sticker names to labels")
        }
        var labels: [String: String] = [:]
        for (key, value) in map {
            guard let label = value as? String else {
                throw LabelsError(description: "\(path): the label of '\(key)' is not text")
            }
            labels[key] = label
        }
        return labels
    }

    /// name,label per line; quotes around a field allow commas, "" inside quotes is a quote; a header
    /// line whose first field is "name" or "file" is skipped.
    static func parseCSV(_ text: String) -> [String: String] {
        var labels: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = splitCSVLine(String(line))
            guard fields.count >= 2 else { continue }
            let key = fields[0].trimmingCharacters(in: .whitespaces)
            if ["name", "file", "filename"].contains(key.lowercased()) && labels.isEmpty { continue }
            labels[key] = fields[1].trimmingCharacters(in: .whitespaces)
        }
        return labels
    }

    static func splitCSVLine(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var characters = Array(line)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" {
                        current.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        fields.append(current)
        return fields
    }
}
