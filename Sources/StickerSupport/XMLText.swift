/// Text for an XML attribute or element: the five characters XML gives a meaning escaped, and the control
/// characters XML 1.0 forbids even escaped replaced by `?`.
package enum XMLText {
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r": out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
