import Testing

@testable import StickerXcode

@Suite("--name, --bundle-id, --team and the versions, checked before anything is written")
struct ProjectIdentityTests {
    func refusal(_ change: (inout ProjectSettings) -> Void) -> String? {
        var settings = ProjectSettings(name: "Cats", bundleID: "com.example.cats")
        change(&settings)
        do {
            try settings.check()
            return nil
        } catch {
            #expect(error.isUsage)
            return error.description
        }
    }

    @Test("Good values pass")
    func good() {
        #expect(refusal { _ in } == nil)
        #expect(refusal { $0.bundleID = "io.github.some-one.Cat-Stickers2" } == nil)
        #expect(refusal { ($0.team, $0.version, $0.buildNumber) = ("A1B2C3D4E5", "2.1.3", "42") } == nil)
        #expect(refusal { $0.name = "Cats & Dogs 2" } == nil)
    }

    @Test("A bad bundle id is refused with a corrected suggestion")
    func bundleIDs() {
        #expect(refusal { $0.bundleID = "com.example.cat_stickers" }?.contains("com.example.cat-stickers") == true)
        #expect(refusal { $0.bundleID = "stickers" }?.contains("com.example.stickers") == true)
        #expect(refusal { $0.bundleID = "com..cats" }?.contains("Try --bundle-id com.cats") == true)
        #expect(refusal { $0.bundleID = "com.example.cats." } != nil)
        #expect(refusal { $0.bundleID = "com.exämple.cats" } != nil)
    }

    @Test("A name with a slash, a colon, a control character or a leading dot is refused with a suggestion")
    func names() {
        #expect(refusal { $0.name = "Cats/Dogs" }?.contains("--name \"Cats-Dogs\"") == true)
        #expect(refusal { $0.name = "Cats:2" } != nil)
        #expect(refusal { $0.name = ".hidden" } != nil)
        #expect(refusal { $0.name = "" } != nil)
        #expect(refusal { $0.name = "tab\there" } != nil)
    }

    @Test("A team is letters and digits; versions are up to three dotted numbers")
    func teamAndVersions() {
        #expect(refusal { $0.team = "MY TEAM" }?.contains("--team") == true)
        #expect(refusal { $0.version = "1.0-beta" }?.contains("--version") == true)
        #expect(refusal { $0.buildNumber = "1.2.3.4" }?.contains("--build-number") == true)
        #expect(refusal { $0.buildNumber = "" } != nil)
    }

    @Test("--name defaults to the source folder's name, a catalog's without its extension")
    func defaultName() {
        #expect(ProjectSettings.defaultName(source: "/art/Cat Stickers/") == "Cat Stickers")
        #expect(ProjectSettings.defaultName(source: "/art/Cats.xcstickers") == "Cats")
    }
}
