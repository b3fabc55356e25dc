import AuraTestSupport
import Diagnostics
import SiteEngine
import Testing

@testable import AuraSite

/// `assets/bundles.yml`: read into bundles, and every way it can disagree with the files there are.
struct AssetPlanTests {
    static let styles = ["00-base.css", "40-landing.css"]
    static let scripts = ["15-shared.js", "45-clock.js", "50-planner.js"]

    static func plan(_ yaml: String) throws(SourceError) -> AssetPlan {
        try AssetPlan(yaml: yaml, file: "bundles.yml", styles: styles, scripts: scripts)
    }

    @Test func groupsListTheirPagesAndFilesInFileNameOrder() throws {
        let plan = try Self.plan(PageBundleFixtureTests.planYAML)
        #expect(plan.common == .init(name: "common", pages: [], styles: ["00-base.css"], scripts: ["15-shared.js"]))
        #expect(plan.groups.map(\.name) == ["home", "rest"])
        #expect(plan.group(of: "not-found")?.name == "home")
        #expect(plan.group(of: "dashboard")?.scripts == ["45-clock.js", "50-planner.js"])
        #expect(plan.group(of: "landing")?.scripts == [])
        #expect(plan.group(of: "nowhere") == nil)
    }

    @Test(arguments: [
        (
            "landing:\n    pages: [landing]\n    css: [40-landng.css]",
            "7:11: no file assets/css/40-landng.css; did you mean '40-landing.css'?"
        ),
        (
            "landing:\n    pages: [landing]\n    css: [40-landing.css]\n  more:\n    pages: [landing]\n    js: [45-clock.js, 50-planner.js]",
            "9:13: page kind 'landing' is already in group 'landing'; a page loads one group"
        ),
        (
            "landing:\n    pages: [landing]\n    css: [40-landing.css, 00-base.css]\n    js: [45-clock.js, 50-planner.js]",
            "7:10: '00-base.css' is in common already; every page loads it"
        ),
        (
            "landing:\n    pages: [landing]\n    css: [40-landing.css]\n    js: [45-clock.js]",
            "1:1: assets/js/50-planner.js is in no bundle; name it under common or under the groups whose pages use it"
        ),
        (
            "Landing:\n    pages: [landing]\n    css: [40-landing.css]\n    js: [45-clock.js, 50-planner.js]",
            "5:3: group 'Landing' names files: use lowercase letters, digits and '-'"
        ),
        ("landing:\n    page: [landing]", "6:5: unknown key 'page'; did you mean 'pages'?")
    ])
    func mistakesPointAtTheirLine(groups: String, expected: String) {
        let yaml = "common:\n  css: [00-base.css]\n  js: [15-shared.js]\ngroups:\n  " + groups + "\n"
        #expect(throws: SourceError.self) { try Self.plan(yaml) }
        do {
            _ = try Self.plan(yaml)
        } catch {
            #expect("\(error.line):\(error.column): \(error.message)" == expected)
        }
    }

    @Test func theThemesOwnPlanNamesEveryFileAndEveryPage() throws {
        let templates = Project.templates
        let theme = try Theme.load(from: templates, in: .disk)
        let bundle = try AssetBundle(theme: theme, root: "/", stem: "aura")
        let kinds = [
            "landing", "not-found", "design", "culture", "culture-entry", "offline", "login", "dashboard",
            "schedule", "week", "focus", "notifications", "reflections", "planner"
        ]
        for kind in kinds {
            let assets = try bundle.assets(forPage: kind)
            #expect(
                assets.stylesheets.count == 2 && assets.stylesheets[0].hasPrefix("/assets/aura.common."),
                "\(kind): \(assets)")
        }
        #expect(throws: SiteError.self) { try bundle.assets(forPage: "no-such-kind") }
        // The landing page ships none of the planner's code.
        let landing = try bundle.assets(forPage: "landing").all
        let dashboard = try bundle.assets(forPage: "dashboard").all
        #expect(Set(landing).isDisjoint(with: dashboard.filter { !$0.contains("/aura.common.") }))
    }
}
