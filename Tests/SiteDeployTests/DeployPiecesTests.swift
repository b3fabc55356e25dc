import Foundation
import Testing

@testable import SiteDeploy

struct DeployPiecesTests {
    @Test func headerRulesMatchByGlobFirstRuleWins() {
        let rules = [
            HeaderRule(pattern: "culture/*", cacheControl: "max-age=60"),
            HeaderRule(pattern: "*.html", cacheControl: "max-age=5", contentType: "text/html")
        ]
        #expect(
            HeaderRule.headers(of: "culture/x/index.html", under: rules) == ("text/html; charset=utf-8", "max-age=60"))
        #expect(HeaderRule.headers(of: "index.html", under: rules) == ("text/html", "max-age=5"))
        #expect(HeaderRule.headers(of: "a.woff2", under: rules) == ("font/woff2", "no-cache"))
    }

    @Test func theManifestReadsWhatItWrote() throws {
        var manifest = DeployManifest()
        manifest.files["a.css"] = .init(sha256: "1", contentType: "text/css", cacheControl: "no-cache", retired: true)
        #expect(try DeployManifest.decode(manifest.encoded(), source: "m") == manifest)
        #expect(throws: DeployError.self) { try DeployManifest.decode(Data("{}".utf8), source: "m") }
        let later = Data(#"{"version": 2, "files": {}}"#.utf8)
        #expect(throws: DeployError("m is version 2; this aura reads version 1")) {
            try DeployManifest.decode(later, source: "m")
        }
    }

    @Test func targetsAreObjectStoresOrAnythingRsyncReaches() throws {
        #expect(
            try DeployTarget.parse("s3://site/a/b/").get()
                == .objectStore(ObjectStoreLocation(bucket: "site", prefix: "a/b")))
        #expect(
            try DeployTarget.parse("s3://site").get() == .objectStore(ObjectStoreLocation(bucket: "site", prefix: "")))
        #expect(try DeployTarget.parse("me@host:/srv/www").get() == .rsync("me@host:/srv/www"))
        #expect(throws: DeployError.self) { try DeployTarget.parse("s3://").get() }
        #expect(throws: DeployError.self) { try DeployTarget.parse("s3://Bad_Bucket!/x").get() }
        #expect(ObjectStoreLocation.endpoint("http://127.0.0.1:9000") != nil)
        #expect(ObjectStoreLocation.endpoint("ftp://x") == nil && ObjectStoreLocation.endpoint("https://a/?q") == nil)
    }

    @Test func credentialsComeFromTheEnvironmentOrAProfile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("credentials")
        try
            "[default]\naws_access_key_id = A\naws_secret_access_key = B\n# note\n[work]\naws_access_key_id=C\naws_secret_access_key=D\naws_session_token=E\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let fromEnvironment = try StoreCredentials(
            environment: ["AWS_ACCESS_KEY_ID": "K", "AWS_SECRET_ACCESS_KEY": "S"], home: folder)
        #expect(fromEnvironment.accessKey == "K" && fromEnvironment.secretKey == "S")
        let work = try StoreCredentials(
            environment: ["AWS_SHARED_CREDENTIALS_FILE": file.path, "AWS_PROFILE": "work"], home: folder)
        #expect(work.accessKey == "C" && work.secretKey == "D" && work.sessionToken == "E")
        let standard = try StoreCredentials(environment: ["AWS_SHARED_CREDENTIALS_FILE": file.path], home: folder)
        #expect(standard.accessKey == "A" && standard.sessionToken == nil)
        #expect(throws: DeployError.self) {
            try StoreCredentials(environment: ["AWS_ACCESS_KEY_ID": "K"], home: folder)
        }
        #expect(throws: DeployError.self) { try StoreCredentials(environment: [:], home: folder) }
    }

    @Test func objectStoreAddressesArePathStyleUnderAnEndpoint() throws {
        let credentials = StoreCredentials(accessKey: "k", secretKey: "s", sessionToken: nil)
        var location = ObjectStoreLocation(bucket: "site", prefix: "www")
        #expect(
            ObjectStore(location, credentials: credentials, environment: ["AWS_REGION": "eu-west-1"]).url(
                of: "a b.html")
                == "https://site.s3.eu-west-1.amazonaws.com/www/a%20b.html")
        location.endpoint = URL(string: "http://127.0.0.1:9000")
        #expect(
            ObjectStore(location, credentials: credentials, environment: [:]).url(of: "culture/index.html")
                == "http://127.0.0.1:9000/site/www/culture/index.html")
    }

    @Test func theSiteIsEveryFileButHiddenOnesAndWhatIncludeRefuses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["index.html", ".git/HEAD", ".well-known/security.txt", "a/.swp", "a/b.css", "README.md"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        let files = try SiteFile.scan(folder) { $0 != "README.md" }
        #expect(files.map(\.path).sorted() == [".well-known/security.txt", "a/b.css", "index.html"])
        #expect(files.first { $0.path == "index.html" }?.size == 10)
        #expect(throws: DeployError.self) { try SiteFile.scan(folder.appendingPathComponent("none")) { _ in true } }
    }

    @Test func terminalTextShowsControlCharactersInsteadOfActingOnThem() {
        #expect(DeployError("a\u{1B}[2Jb\nc").description == "a\\u{1b}[2Jb\\u{a}c")
    }
}
