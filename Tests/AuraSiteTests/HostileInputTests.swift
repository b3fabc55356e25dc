import Foundation
import Testing
@testable import AuraSite

/// Input written to break the build — deep nesting, huge values, unsafe links — is refused
/// with an error naming its position, or rendered harmless.
struct HostileInputTests {
    @Test func yamlNestedTwelveThousandLevelsDeepIsAnError() {
        let text = "title: " + String(repeating: "[", count: 12_000) + String(repeating: "]", count: 12_000) + "\n"
        let error = #expect(throws: SourceError.self) { try YAMLParser(file: "site.yml").parse(text) }
        #expect(error?.description == "site.yml:1:71: lists and mappings nested more than 64 levels deep; expected at most 64")
    }
}
