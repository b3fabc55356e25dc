import Testing

@testable import Platform

/// A digest held as bytes spells the SHA-256 every other tool does, reads back what it
/// writes, and refuses any text that is not 64 lowercase hex digits.
struct SHA256DigestTests {
    /// FIPS 180-2's test vectors.
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
    ])
    func spellsTheStandardDigest(text: String, hex: String) {
        let digest = Fingerprint.sha256(Array(text.utf8))
        #expect(digest.hex == hex)
        #expect(Fingerprint.sha256Hex(Array(text.utf8)) == hex)
        #expect(SHA256Digest(hex: Substring(hex)) == digest)
        var appended = Array("x ".utf8)
        digest.appendHex(to: &appended)
        #expect(appended == Array("x \(hex)".utf8))
    }

    @Test func digestsOfDifferentBytesDiffer() {
        let (one, other) = (Fingerprint.sha256(Array("a".utf8)), Fingerprint.sha256(Array("b".utf8)))
        #expect(one != other)
        #expect(Set([one, other, Fingerprint.sha256(Array("a".utf8))]).count == 2)
    }

    @Test(arguments: [
        "", "-", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015a",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad0",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ag",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015é"
    ])
    func refusesWhatIsNotItsHex(text: String) {
        #expect(SHA256Digest(hex: Substring(text)) == nil)
    }

    /// A slice in the middle of a longer line, as the build record is read.
    @Test func readsASliceOfALine() {
        let hex = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        let line = "key \(hex) rest"
        let slice = line.dropFirst(4).prefix(64)
        #expect(SHA256Digest(hex: slice)?.hex == hex)
    }
}
