import AuraTestSupport
import Foundation
import SiteEngine
import Testing

@testable import AuraSite

/// `site.yml`'s `private:` on small sites built in memory, and the sealed file format.
struct PrivateBuildTests {
    static let site =
        SiteFixture.minimal + """

            -- Content/site.yml --
            title: Mini
            base_url: https://mini.example/
            private:
              passphrase_env: MINI_PASSPHRASE
            -- Templates/pages/unlock.mustache --
            {{<layouts/base}}{{$main}}<form data-unlock></form>{{/main}}{{/layouts/base}}
            """

    func build(_ fixture: SiteFixture, environment: [String: String]) async throws -> BuildReport {
        var options = fixture.options()
        options.environment = environment
        return try await SiteBuilder(options: options).build()
    }

    @Test func aMissingPassphraseStopsTheBuildBeforeAnythingIsWritten() async throws {
        let fixture = SiteFixture(Self.site)
        await #expect(throws: BuildError.self) { _ = try await build(fixture, environment: [:]) }
        do {
            _ = try await build(fixture, environment: ["MINI_PASSPHRASE": ""])
            Issue.record("an empty passphrase built the site")
        } catch let error as BuildError {
            #expect(error.step == "Derive the private key")
            #expect(
                error.problems == [
                    "site.yml asks for private pages but MINI_PASSPHRASE is not set; run MINI_PASSPHRASE=… aura build, or remove private: from site.yml"
                ])
        }
        #expect(try fixture.output().isEmpty)
    }

    @Test func personalPagesAreSealedAndServeTheUnlockPage() async throws {
        let fixture = SiteFixture(Self.site)
        let report = try await build(fixture, environment: ["MINI_PASSPHRASE": "a passphrase"])
        let output = try fixture.output()
        #expect(output["dashboard/index.html"] == output["login/index.html"])
        #expect(output["login/index.html"]?.contains("data-unlock") == true)
        #expect(output["dashboard/index.html.enc"] != nil && output["private.json"] != nil)
        #expect(report.notices.count == 1 && report.notices[0].contains("protected by its address alone"))
    }

    @Test func withoutTheSettingOneNoticeSaysPersonalPagesArePublic() async throws {
        let fixture = SiteFixture(SiteFixture.minimal)
        let report = try await build(fixture, environment: ["MINI_PASSPHRASE": "unused"])
        #expect(report.notices.count == 1 && report.notices[0].hasPrefix("personal pages are public"))
        #expect(try fixture.output()["private.json"] == nil)
    }

    @Test func anUnknownPrivateSettingIsNamedWithItsPlace() async throws {
        let fixture = SiteFixture(
            Self.site,
            """
            -- Content/site.yml --
            title: Mini
            base_url: https://mini.example/
            private:
              passphrase: hunter2
            """)
        let error = try #require(await fixture.buildError())
        #expect(error.contains("Content/site.yml:4:3:"), "\(error)")
    }

    @Test func aSealedFileOpensOnlyWithItsKeyAtItsPath() throws {
        let key = try PrivateKey(passphrase: "a passphrase", salt: Array(repeating: 7, count: 16), iterations: 1000)
        let other = try PrivateKey(passphrase: "another", salt: Array(repeating: 7, count: 16), iterations: 1000)
        let plaintext = Data("<h1>Today</h1>".utf8)
        let sealed = try SealedFile.seal(plaintext, path: "dashboard/index.html", key: key)
        #expect(sealed.count == 1 + 12 + plaintext.count + 16 && sealed.first == 1)
        #expect(SealedFile.open(sealed, path: "dashboard/index.html", key: key) == plaintext)
        #expect(SealedFile.open(sealed, path: "week/index.html", key: key) == nil)
        #expect(SealedFile.open(sealed, path: "dashboard/index.html", key: other) == nil)
        var tampered = sealed
        tampered[20] ^= 1
        #expect(SealedFile.open(tampered, path: "dashboard/index.html", key: key) == nil)
        let again = try SealedFile.seal(plaintext, path: "dashboard/index.html", key: key)
        #expect(SealedFile.nonce(of: again) != SealedFile.nonce(of: sealed))
    }
}
