import AuraTestSupport
import Testing

@testable import AuraSite

/// `assets/bundles.yml` in small in-memory sites: what each page links to, and the mistakes the
/// build names.
struct PageBundleFixtureTests {
    static let assets = """
        -- Templates/assets/css/00-base.css --
        body { margin: 0; }
        -- Templates/assets/css/40-landing.css --
        /* The hero. */
        .hero { color: red; }
        -- Templates/assets/js/15-shared.js --
        window.Aura = {};
        -- Templates/assets/js/45-clock.js --
        window.Aura.clock = 1;
        -- Templates/assets/js/50-planner.js --
        // Planner code.
        window.Aura.plan = function () { return /\\/\\//.test("//"); };
        """

    /// Also what `AssetPlanTests` reads.
    static let planYAML = """
        common:
          css: [00-base.css]
          js: [15-shared.js]
        groups:
          home:
            pages: [landing, not-found]
            css: [40-landing.css]
          rest:
            pages: [design, offline, culture, culture-entry, dashboard, planner, reflections, week, focus, notifications, schedule, login]
            js: [50-planner.js, 45-clock.js]
        """

    static let plan = "-- Templates/assets/bundles.yml --\n" + planYAML

    static func links(_ html: String?) -> [String] {
        (html ?? "").matches(of: /href="([^"]+\.css)"|src="([^"]+\.js)"/).map { String($0.output.1 ?? $0.output.2!) }
    }

    @Test func eachPageLinksTheCommonBundleAndItsGroupsOnly() async throws {
        let layout = """
            -- Templates/layouts/base.mustache --
            {{#assets.stylesheets}}<link rel="stylesheet" href="{{.}}">{{/assets.stylesheets}}{{#assets.scripts}}<script src="{{.}}" defer></script>{{/assets.scripts}}{{$main}}{{/main}}
            """
        let output = try await SiteFixture(SiteFixture.minimal, Self.assets, Self.plan, layout).build()
        let landing = Self.links(output["index.html"])
        let design = Self.links(output["design/index.html"])
        #expect(
            landing.count == 3 && landing[0].hasPrefix("/assets/aura.common.")
                && landing[1].hasPrefix("/assets/aura.home.")
                && landing[2].hasPrefix("/assets/aura.common."), "\(landing)")
        #expect(
            design.count == 3 && design[1].hasPrefix("/assets/aura.common.")
                && design[2].hasPrefix("/assets/aura.rest."), "\(design)")
        let planner = try #require(output[String(design[2].dropFirst())])
        #expect(planner == "window.Aura.clock = 1;\nwindow.Aura.plan = function () { return /\\/\\//.test(\"//\"); };")
        let home = try #require(output[String(landing[1].dropFirst())])
        #expect(home == ".hero{color:red}")
        #expect(Self.links(output["404.html"]) == landing)
    }

    @Test(arguments: [
        (
            "-- Templates/assets/js/60-new.js --\nwindow.x = 1;",
            "Templates/assets/bundles.yml:1:1: assets/js/60-new.js is in no bundle; name it under common or under the groups whose pages use it"
        ),
        (
            "-- Templates/assets/bundles.yml --\ncommon:\n  css: [00-base.css, 40-landing.css]\n  js: [15-shared.js, 50-planer.js]\ngroups: {}",
            "Templates/assets/bundles.yml:3:22: no file assets/js/50-planer.js; did you mean '50-planner.js'?"
        )
    ])
    func aMistakeFailsTheBuildWhereItIs(extra: String, expected: String) async {
        let error = await SiteFixture(SiteFixture.minimal, Self.assets, Self.plan, extra).buildError()
        #expect(error?.contains(expected) == true, "\(error ?? "built")")
    }

    @Test func aPageKindNoGroupListsFailsTheBuild() async {
        let plan = Self.plan.replacingOccurrences(of: "pages: [design, ", with: "pages: [")
        let error = await SiteFixture(SiteFixture.minimal, Self.assets, plan).buildError()
        #expect(
            error?.contains("no group in assets/bundles.yml lists pages of kind 'design'") == true,
            "\(error ?? "built")")
    }
}
