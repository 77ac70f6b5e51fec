import StickerJSON
import Testing

@Suite("JSON output")
struct JSONValueTests {
    @Test("Keys keep their order; strings are escaped; integral numbers print without a fraction")
    func serialisation() {
        let value = JSONValue.object([
            ("z", .int(1)), ("a", .string("tab\there \"q\" \u{1}")), ("n", .number(2.0)),
            ("f", .number(0.5)), ("x", .array([])), ("o", .null),
        ])
        #expect(
            value.serialized(pretty: false) == #"{"z":1,"a":"tab\there \"q\" \u0001","n":2,"f":0.5,"x":[],"o":null}"#)
        #expect(value.serialized().hasSuffix("}\n"))
    }
}
