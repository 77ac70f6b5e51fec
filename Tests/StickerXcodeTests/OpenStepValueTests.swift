import Testing

@testable import StickerXcode

@Suite("The project file's property-list values")
struct OpenStepValueTests {
    @Test("Strings are bare only when Xcode writes them bare; quotes, backslashes and newlines are escaped")
    func quoting() {
        #expect(OpenStepValue.quoted("iphoneos") == "iphoneos")
        #expect(OpenStepValue.quoted("Info.plist") == "Info.plist")
        #expect(OpenStepValue.quoted("1,2") == "\"1,2\"")
        #expect(OpenStepValue.quoted("$(TARGET_NAME)") == "\"$(TARGET_NAME)\"")
        #expect(OpenStepValue.quoted("wrapper.app-extension") == "\"wrapper.app-extension\"")
        #expect(OpenStepValue.quoted("") == "\"\"")
        #expect(OpenStepValue.quoted("a \"b\" \\ c\nd") == "\"a \\\"b\\\" \\\\ c\\nd\"")
    }

    @Test("Object ids: 24 upper-case hex digits, the same for the same object, apart for different ones")
    func ids() {
        let a = ObjectID("target", "Cats", project: "Cats")
        #expect(a.hex.count == 24 && a.hex.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        #expect(a == ObjectID("target", "Cats", project: "Cats"))
        #expect(a != ObjectID("target", "Cats", project: "Dogs"))
        #expect(a != ObjectID("group", "Cats", project: "Cats"))
    }
}
