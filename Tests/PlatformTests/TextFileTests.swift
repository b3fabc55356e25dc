import AuraTestSupport
import Foundation
import Testing

@testable import Platform

/// Text read straight into a string: exactly the file's text when it is UTF-8, and nil, as
/// Foundation's validating reader answers, when it is not, even where repairing it would keep
/// its length.
struct TextFileTests {
    private func written(_ bytes: [UInt8]) throws -> String {
        let file = try temporaryFolder().appendingPathComponent("file.md")
        try Data(bytes).write(to: file)
        return file.path
    }

    @Test func readsUTF8TextAsItIs() throws {
        let text =
            "title: \"Kokoro\"\nSōseki, 夏目漱石, an emoji 🎭 and a replacement character \u{FFFD} written on purpose.\n"
        #expect(try TextFile.read(try written(Array(text.utf8))) == text)
        #expect(try TextFile.read(try written([])) == "")
    }

    @Test func refusesWhatIsNotUTF8() throws {
        for bytes: [UInt8] in [
            [0x61, 0xFF, 0x62], [0xC3], [0xED, 0xA0, 0x80],
            // A truncated four-byte sequence is three bytes, as its replacement is.
            [0x61, 0xF0, 0x90, 0x80, 0x62]
        ] {
            let path = try written(bytes)
            #expect(try TextFile.read(path) == nil, "\(bytes)")
            #expect(String(validating: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == nil)
        }
    }

    @Test func throwsForAFileThatIsNotThere() throws {
        let missing = try temporaryFolder().appendingPathComponent("missing.md").path
        #expect(throws: (any Error).self) { try TextFile.read(missing) }
        #expect(throws: (any Error).self) { try TextFile.read(try temporaryFolder().path) }
    }
}
