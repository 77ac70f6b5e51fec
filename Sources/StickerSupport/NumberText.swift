/// Whole numbers as every message prints them: digits in groups of three with commas ("500,000"), in every
/// locale. `formatted()` follows the user's locale, so a German Mac would print "500.000".
extension BinaryInteger {
    public var grouped: String {
        let digits = String(self.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }
}
