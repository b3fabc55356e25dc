import Testing

@testable import SiteDeploy

struct DeployPlanTests {
    private let css = "assets/aura.common.0123456789.css"
    private let site = [
        SiteFile(path: "index.html", size: 10, sha256: "a"),
        SiteFile(path: "assets/aura.common.0123456789.css", size: 20, sha256: "b"),
        SiteFile(path: "culture/feed.xml", size: 30, sha256: "c"),
        SiteFile(path: "assets/icons/logo.svg", size: 40, sha256: "d"),
        SiteFile(path: "culture/index.html", size: 50, sha256: "e")
    ]

    @Test func aFirstDeploySendsAssetsThenOtherFilesThenPages() {
        let plan = DeployPlan(site: site, published: nil, rules: [])
        #expect(
            plan.uploads.map(\.file.path) == [
                css, "assets/icons/logo.svg", "culture/feed.xml", "culture/index.html", "index.html"
            ])
        #expect(plan.uploads.map(\.phase) == [.assets, .others, .others, .pages, .pages])
        #expect(plan.uploads[0].cacheControl == "public, max-age=31536000, immutable")
        #expect(plan.uploads[0].contentType == "text/css; charset=utf-8")
        #expect(plan.uploads.last?.cacheControl == "no-cache")
        #expect(plan.bytes == 150 && plan.unchanged == 0 && plan.deletions.isEmpty)
    }

    @Test func anUnchangedSiteSendsNothingAndAChangedFileOnlyItself() {
        let first = DeployPlan(site: site, published: nil, rules: []).manifest
        let again = DeployPlan(site: site, published: first, rules: [])
        #expect(again.uploads.isEmpty && again.unchanged == 5 && again.manifest == first)
        #expect(!again.changesManifest && DeployPlan(site: site, published: nil, rules: []).changesManifest)
        var edited = site
        edited[0] = SiteFile(path: "index.html", size: 11, sha256: "a2")
        #expect(DeployPlan(site: edited, published: first, rules: []).uploads.map(\.file.path) == ["index.html"])
    }

    @Test func aChangedHeaderRuleSendsItsFilesAgain() {
        let first = DeployPlan(site: site, published: nil, rules: []).manifest
        let plan = DeployPlan(site: site, published: first, rules: [HeaderRule(pattern: "*.xml", cacheControl: "x")])
        #expect(plan.uploads.map(\.file.path) == ["culture/feed.xml"] && plan.uploads[0].cacheControl == "x")
    }

    @Test func aRemovedAssetIsRetiredOnceThenDeleted() {
        let first = DeployPlan(site: site, published: nil, rules: []).manifest
        let smaller = site.filter { $0.path != css && $0.path != "culture/feed.xml" }
        let second = DeployPlan(site: smaller, published: first, rules: [])
        #expect(second.deletions == ["culture/feed.xml"] && second.retiring == [css])
        #expect(second.manifest.files[css]?.retired == true && second.changesManifest)
        let third = DeployPlan(site: smaller, published: second.manifest, rules: [])
        #expect(third.deletions == [css] && third.retiring.isEmpty && third.manifest.files[css] == nil)
    }

    @Test func aRetiredAssetThatComesBackIsKeptWithoutSendingIt() {
        let first = DeployPlan(site: site, published: nil, rules: []).manifest
        let retired = DeployPlan(site: site.filter { $0.path != css }, published: first, rules: []).manifest
        let back = DeployPlan(site: site, published: retired, rules: [])
        #expect(back.uploads.isEmpty && back.manifest.files[css]?.retired == nil)
    }

    @Test func tooManyDeletionsStopUnlessForced() throws {
        let first = DeployPlan(site: site, published: nil, rules: []).manifest
        let plan = DeployPlan(site: [], published: first, rules: [])
        #expect(plan.deletions.count == 4)
        #expect(throws: DeployError.self) { try plan.checkDeletions(maximum: 3, force: false) }
        try plan.checkDeletions(maximum: 4, force: false)
        try plan.checkDeletions(maximum: 0, force: true)
    }
}
