import AuraTestSupport
import Foundation
import Testing

@testable import AuraSite

/// Broken content and themes fail `build` and `check` at the file, line and column at fault,
/// each in a small site built in memory.
struct SiteProblemTests {
    @Test func checkListsEveryErrorInEveryFileAndWritesNothing() async throws {
        let fixture = SiteFixture(
            SiteFixture.minimal,
            SiteFixture.cultureEntry("kokoro", title: "Kokoro", tags: "[read script]"),
            SiteFixture.cultureEntry("things-fall-apart", title: "Things Fall Apart", kind: "novel"),
            """
            -- Content/site.yml --
            title: Mini
            base_url: nowhere
            """)
        let problems = await fixture.check()
        #expect(problems.count == 3, "\(problems)")
        #expect(
            problems.contains { $0.hasPrefix("Content/site.yml:2:11: base_url expects an absolute address") },
            "\(problems)")
        #expect(
            problems.contains("Content/culture/kokoro.md:8:8: unknown tag 'read script'; did you mean 'Read Script'?"),
            "\(problems)")
        #expect(
            problems.contains {
                $0.hasPrefix("Content/culture/things-fall-apart.md:4:7: unknown kind 'novel'; expected one of")
            }, "\(problems)")
        #expect(try fixture.output() == [:], "check wrote a site")
    }

    @Test func aDuplicateSlugNamesBothFiles() async {
        let problems = await SiteFixture(
            SiteFixture.minimal, SiteFixture.cultureEntry("hamlet", title: "Hamlet"),
            SiteFixture.cultureEntry("hamlet-again", title: "Hamlet", fields: "slug: hamlet\n")
        ).check()
        #expect(
            problems == [
                "Content/culture/hamlet.md:1:1: duplicate slug 'hamlet': Content/culture/hamlet-again.md already publishes /culture/hamlet/; rename one file or set 'slug:'"
            ],
            "\(problems)")
    }

    @Test func brokenLandingCopyFailsTheBuildInItsStep() async {
        let error = await SiteFixture(
            SiteFixture.minimal,
            """
            -- Content/landing.md --
            ---
            title: Mini
            hero: [unclosed
            ---
            """
        ).buildError()
        #expect(
            error?.hasPrefix("Content/landing.md:4:1: invalid YAML: did not find expected ',' or ']'") == true,
            "\(error ?? "built")")
        #expect(error?.hasSuffix("\n(while: load content)") == true, "\(error ?? "built")")
    }

    /// A misspelt partial used to render as nothing and pass `aura check`, dropping the footer
    /// from every page.
    @Test func aMisspeltPartialFailsCheckAtItsTag() async {
        let problems = await SiteFixture(
            SiteFixture.minimal,
            """
            -- Templates/partials/footer.mustache --
            <footer></footer>
            -- Templates/partials/header.mustache --
            <header></header>
            -- Templates/layouts/base.mustache --
            {{> partials/header}}
            {{$main}}{{/main}}
              {{> partials/foter}}
            """
        ).check()
        #expect(
            problems == [
                "Templates/layouts/base.mustache:3:3: unknown partial 'partials/foter'; expected one of: partials/footer, partials/header"
            ],
            "\(problems)")
    }

    @Test func strictCheckReportsANameTheViewModelNeverHas() async {
        let fixture = SiteFixture(
            SiteFixture.minimal,
            """
            -- Templates/pages/design.mustache --
            {{<layouts/base}}{{/layouts/base}}
            {{desing.title}}
            """)
        #expect(await fixture.check() == [])
        #expect(
            await fixture.check(strict: true) == [
                "Templates/pages/design.mustache:2:1: 'desing.title' is not in the view model of any page "
                    + "rendered with this template; expected a name the view model has"
            ])
    }

    @Test func aMissingHeadingFontFailsBuildAndCheckWhereItIsNamed() async throws {
        let fixture = SiteFixture(
            SiteFixture.minimal,
            """
            -- Templates/tokens.yml --
            \(SiteFixture.files(in: SiteFixture.minimal).first { $0.path == "Templates/tokens.yml" }!.text
            .replacingOccurrences(of: "heading_weight: 300", with: "heading_weight: 300\n  heading_font: fonts/Heading.woff2"))
            """)
        let problem =
            "Templates/tokens.yml:18:17: the heading font Templates/fonts/Heading.woff2 is missing; run 'make deps' to subset it, or remove heading_font to use system fonts"
        #expect(await fixture.check() == [problem])
        #expect(await fixture.buildError()?.hasPrefix(problem + "\n") == true)
        #expect(try fixture.output() == [:], "a failed build wrote a site")
    }

    @Test func aMissingIconFailsTheBuild() async {
        let fixture = SiteFixture(
            SiteFixture.minimal.replacingOccurrences(
                of: "-- Templates/assets/icons/aura.svg --", with: "-- Templates/assets/icons/other.svg --"))
        #expect(
            await fixture.check() == [
                "Templates/assets/icons/aura.svg is missing; every page and the manifest link to it"
            ])
    }

    @Test func aMissingSettingsFileOrThemeFolderIsNamed() async {
        let problems = await SiteFixture(
            """
            -- Content/landing.md --
            ---
            ---
            """
        ).check()
        #expect(
            problems.prefix(2) == [
                "Content/site.yml:1:1: cannot open: no such file", "Templates: no such templates folder"
            ], "\(problems)")
    }
}
