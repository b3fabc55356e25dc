// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Aura",
    products: [
        .executable(name: "aura", targets: ["aura"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "AuraSite", targets: ["AuraSite"])
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CICal", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CH2O", pkgConfig: "libh2o-evloop", providers: [.apt(["libh2o-evloop-dev"])]),
        .target(name: "CHTTPTransport", dependencies: ["CH2O"]),
        .target(name: "AuraHTTP", dependencies: ["CHTTPTransport"]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // No pkgConfig: its `--libs` would link libcurl, which `CCurl` loads only when it is used (mail, calendars, deploy).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // No pkgConfig either: libpq is loaded when a database is first opened, never by a build or the SQLite default.
        .systemLibrary(name: "CPostgreSQL", providers: [.apt(["libpq-dev"])]),

        .target(name: "CFileSwap"),
        .target(name: "AuraSQL", dependencies: ["CSQLite"]),
        .target(name: "Diagnostics"),
        .target(name: "Platform", dependencies: ["Diagnostics", "COpenSSL", "CCurl"]),
        .target(name: "Mustache", dependencies: ["Diagnostics"]),
        .target(
            name: "SiteEngine", dependencies: ["Diagnostics", "Mustache", "CMarkGFM", "CYAML", "CFileSwap", "Platform"]),
        .target(name: "SiteDeploy", dependencies: ["Diagnostics", "Platform", "CCurl", "SiteEngine"]),
        .target(name: "AuraSettings", dependencies: ["Diagnostics", "AuraPlanner", "SiteEngine"]),
        .target(
            name: "AuraSite",
            dependencies: [
                "Diagnostics", "Mustache", "COpenSSL", "AuraPlanner", "AuraSettings", "Platform", "SiteEngine"
            ]),
        .target(
            name: "AuraPlanner", dependencies: ["Diagnostics"],
            resources: [.embedInCode("Resources/category-weights.tsv")]),
        .target(name: "AuraCalendar", dependencies: ["AuraPlanner", "CICal"]),
        .target(
            name: "AuraUseCases",
            dependencies: [
                "Diagnostics", "Platform", "SiteEngine", "AuraSite", "AuraSettings", "AuraPlanner", "AuraCalendar"
            ]),
        .target(
            name: "AuraPostgres",
            dependencies: ["CPostgreSQL", "AuraSQL", "Diagnostics", "AuraPlanner", "AuraSettings", "AuraUseCases"]),
        .target(
            name: "AuraServer",
            dependencies: [
                "AuraHTTP", "AuraSQL", "CArgon2", "CZlib", "CCurl", "CArchive", "COpenSSL", "Platform",
                "AuraUseCases", "SiteEngine", "AuraSite", "AuraPlanner", "Mustache"
            ]),
        .target(
            name: "AuraCLI",
            dependencies: [
                "Diagnostics", "Platform", "AuraHTTP", "AuraServer", "AuraUseCases", "AuraPostgres", "SiteEngine",
                "SiteDeploy", "AuraSite", "AuraPlanner"
            ]),
        .executableTarget(name: "aura", dependencies: ["AuraCLI"]),

        .target(name: "SiteEngineTestSupport", path: "Tests/EngineSupport"),
        .target(
            name: "AuraTestSupport",
            dependencies: ["SiteEngine", "AuraSite", "AuraPostgres", "AuraSQL", "Platform", "SiteEngineTestSupport"],
            path: "Tests/Support"),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "AuraTestSupport"]),
        .testTarget(
            name: "AuraServerTests",
            dependencies: [
                "AuraHTTP", "AuraServer", "AuraSQL", "AuraPostgres", "AuraPlanner", "SiteEngine", "AuraSite",
                "AuraTestSupport",
                "Platform"
            ]),
        .testTarget(name: "SiteDeployTests", dependencies: ["SiteDeploy", "SiteEngine"]),
        .testTarget(name: "MustacheTests", dependencies: ["Diagnostics", "Mustache"]),
        .testTarget(
            name: "SiteEngineTests",
            dependencies: ["Diagnostics", "Platform", "Mustache", "SiteEngine", "SiteEngineTestSupport"]),
        .testTarget(
            name: "AuraSiteTests",
            dependencies: ["Diagnostics", "Platform", "SiteEngine", "AuraSite", "AuraTestSupport"]),
        .testTarget(
            name: "AuraCLITests",
            dependencies: [
                "AuraCLI", "AuraServer", "Platform", "SiteEngine", "AuraSite", "AuraPlanner", "AuraTestSupport"
            ]),
        .testTarget(
            name: "AuraPlannerTests", dependencies: ["AuraPlanner", "AuraCalendar"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "AuraUseCasesTests",
            dependencies: ["AuraUseCases", "AuraPlanner", "AuraPostgres", "AuraSite", "AuraTestSupport"]),
        .testTarget(
            name: "AuraCalendarTests", dependencies: ["AuraCalendar", "AuraPlanner"],
            resources: [.copy("Fixtures")])
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` builds libFuzzer targets (swiftc -sanitize=fuzzer,address) over the parsers;
// they exist only when AURA_FUZZ is set, so an ordinary build never needs libFuzzer.
if Context.environment["AURA_FUZZ"] != nil {
    let fuzzing: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])]
    let linking: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
    package.targets.append(.target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"))
    for (name, dependencies) in [
        ("FuzzCapture", ["AuraPlanner"]), ("FuzzFrontMatter", ["SiteEngine"]), ("FuzzMustache", ["Mustache"]),
        ("FuzzTaskStore", ["AuraPlanner"]), ("FuzzCalendar", ["AuraCalendar"]),
        ("FuzzHTTP", ["AuraServer", "AuraHTTP", "AuraSite"])
    ] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: dependencies.map { .target(name: $0) } + ["CFuzzDriver"],
                path: "Fuzz/\(name)", swiftSettings: fuzzing, linkerSettings: linking))
    }
}
