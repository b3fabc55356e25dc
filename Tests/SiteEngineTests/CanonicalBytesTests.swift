import Mustache
import Testing

@testable import SiteEngine

/// The bytes a page's inputs are digested from (its key in the build record): typed and
/// length-prefixed, with dictionary keys sorted. Records on disk hold digests of these bytes,
/// so they must stay as they are from version to version.
struct CanonicalBytesTests {
    private func bytes(_ value: MustacheValue) -> String {
        var bytes: [UInt8] = []
        value.appendCanonicalBytes(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func everyKindOfValueIsTaggedAndMeasured() {
        let value = MustacheValue.dictionary([
            "b": .string("é"), "a": .array([.int(-3), .bool(true), .bool(false), .null, .double(1.5), .string("")])
        ])
        #expect(bytes(value) == "m1:2k1:aa1:6i2:-3tfnd3:1.5s0:k1:bs2:é")
    }

    @Test(arguments: [9, 10, 99, 100, 1_234, 100_000])
    func lengthsOfManyDigits(count: Int) {
        let text = String(repeating: "x", count: count)
        #expect(bytes(.string(text)) == "s\(count):" + text)
    }
}
