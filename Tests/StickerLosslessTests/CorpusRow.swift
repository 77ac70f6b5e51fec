import TestSupport
import Testing

extension Corpus.Row: CustomTestStringConvertible {
    public var testDescription: String { "\(verdict) \(path)" }
}
