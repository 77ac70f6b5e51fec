import Testing

@testable import StickerLint

/// One generic test runs every rule's own examples, so a rule cannot ship untested.
@Suite("Rule examples")
struct RuleExampleTests {
    static let rules = RuleRegistry.all.map { RuleCase(rule: $0) }

    struct RuleCase: CustomTestStringConvertible, Sendable {
        let rule: any Rule.Type
        var testDescription: String { rule.description.identifier }
    }

    @Test(
        "Every triggering example triggers the rule where it says: the file or entry, the frame or size",
        arguments: rules)
    func triggering(_ item: RuleCase) {
        let description = item.rule.description
        #expect(!description.triggering.isEmpty, "\(description.identifier) has no triggering example")
        for (index, example) in description.triggering.enumerated() {
            let findings = item.rule.init().check(example.pack)
            let name = "\(description.identifier): triggering example \(index)"
            #expect(!example.expected.isEmpty, "\(name) expects no finding")
            #expect(
                findings.map(\.path) == example.expected.map(\.path),
                "\(name) found \(findings.map { "\($0.path): \($0.message)" })")
            for (finding, expected) in zip(findings, example.expected) {
                for place in expected.mentions {
                    #expect(finding.message.contains(place), "\(name): '\(finding.message)' does not say \(place)")
                }
            }
            for finding in findings {
                #expect(
                    !finding.message.isEmpty && !finding.hint.isEmpty, "\(name): a finding needs a message and a hint")
                #expect(
                    (finding.severity ?? description.defaultSeverity)
                        == (example.severity ?? description.defaultSeverity),
                    "\(name): \(finding.message)")
            }
        }
    }

    @Test("No non-triggering example triggers the rule", arguments: rules)
    func nonTriggering(_ item: RuleCase) {
        let description = item.rule.description
        #expect(!description.nonTriggering.isEmpty, "\(description.identifier) has no non-triggering example")
        for (index, pack) in description.nonTriggering.enumerated() {
            let findings = item.rule.init().check(pack)
            #expect(
                findings.isEmpty,
                "\(description.identifier): non-triggering example \(index) found \(findings.map(\.message))")
        }
    }

    @Test("Identifiers are unique, and the ones CI configurations name exist")
    func identifiers() {
        let ids = RuleRegistry.identifiers
        #expect(Set(ids).count == ids.count)
        #expect(RuleRegistry.groups == ["catalog"])
        #expect(Set(RuleRegistry.groups).isDisjoint(with: ids), "a group is not also a rule")
        for required in [
            "decode-error", "unsupported-format", "extension-mismatch", "file-size", "dimensions", "size-class",
            "not-square", "no-transparency", "opaque-background", "frame-delay", "duplicate", "prefer-png",
            "app-icon", "catalog-unknown-key", "catalog-missing-sticker",
        ] {
            #expect(ids.contains(required), "missing rule \(required)")
        }
    }
}
