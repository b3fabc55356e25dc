import Diagnostics
import SiteDeploy
import SiteEngine
import Testing

/// `deploy:` in `site.yml`, read by `aura deploy`'s module.
struct DeploySettingsTests {
    private let site = "title: Aura\nbase_url: https://example.org/\n"
    /// What the site says holds a person's day (Aura's `PersonalPaths.holdsTheDay`).
    private let personal = { (path: String) in path.hasPrefix("planner/") || path == "aura.ics" }

    @Test func readsTargetsTheDefaultPersonalAndHeaderRules() throws {
        let text =
            site + """
                deploy:
                  targets:
                    - name: r2
                      url: s3://site/www/
                      endpoint: https://account.r2.cloudflarestorage.com
                      region: auto
                    - name: mirror
                      url: deploy@example.org:/srv/www
                  default: mirror
                  personal: true
                  headers:
                    - pattern: "*.xml"
                      cache_control: max-age=600
                """
        let deploy = try DeploySettings(try SettingsFile.parse(text, file: "site.yml"))
        #expect(deploy.target(named: nil)?.target == .rsync("deploy@example.org:/srv/www"))
        guard case .objectStore(let location) = deploy.target(named: "r2")?.target else {
            Issue.record("r2 is not an object store")
            return
        }
        #expect(location.bucket == "site" && location.prefix == "www" && location.region == "auto")
        #expect(location.endpoint?.host == "account.r2.cloudflarestorage.com")
        #expect(deploy.personal && deploy.deploys("planner/index.html", isPersonal: personal))
        #expect(deploy.rules == [HeaderRule(pattern: "*.xml", cacheControl: "max-age=600")])
    }

    @Test func personalPagesAndTheOutputReadmeStayHomeByDefault() throws {
        let deploy = try DeploySettings(try SettingsFile.parse(site, file: "site.yml"))
        #expect(deploy.targets.isEmpty && deploy.target(named: nil) == nil)
        #expect(
            !deploy.deploys("planner/index.html", isPersonal: personal)
                && !deploy.deploys("aura.ics", isPersonal: personal))
        #expect(!deploy.deploys("README.md", isPersonal: personal))
        #expect(
            deploy.deploys("index.html", isPersonal: personal)
                && deploy.deploys("culture/README.md", isPersonal: personal))
    }

    @Test(arguments: [
        ("deploy:\n  target: []\n", "site.yml:4:3: unknown key 'target'; did you mean 'targets'?"),
        (
            "deploy:\n  targets:\n    - name: a\n      url: s3:///x\n",
            "site.yml:6:12: 's3:///x' does not name a bucket; expected s3://bucket or s3://bucket/folder"
        ),
        (
            "deploy:\n  targets:\n    - name: a\n      url: /srv/www\n      region: auto\n",
            "site.yml:7:15: 'region' is for an s3:// target only"
        ),
        (
            "deploy:\n  targets:\n    - name: a\n      url: s3://b\n      endpoint: ftp://x\n",
            "site.yml:7:17: 'ftp://x' is not an endpoint; expected an address such as https://s3.example.org"
        ),
        ("deploy:\n  targets:\n    - name: a\n      url: /x\n  default: b\n", "site.yml:7:12: no target is named 'b'"),
        ("deploy:\n  personal: yes please\n", "site.yml:4:13: expected true or false for 'personal'"),
        (
            "deploy:\n  headers:\n    - pattern: '*'\n      cache_control: \"a\\nb\"\n",
            "site.yml:6:22: 'cache_control' is one line of text"
        )
    ])
    func mistakesAreNamedWhereTheyAre(_ deploy: String, _ expected: String) {
        do {
            _ = try DeploySettings(try SettingsFile.parse(site + deploy, file: "site.yml"))
            Issue.record("no error for \(deploy)")
        } catch {
            #expect(error.description == expected)
        }
    }
}
