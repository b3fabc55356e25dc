// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Aura",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "aura", targets: ["aura"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "AuraSite", targets: ["AuraSite"]),
    ],
    targets: [
        .systemLibrary(name: "CMarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CICal", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),

        .target(name: "Mustache"),
        .target(name: "AuraSite", dependencies: ["Mustache", "CMarkGFM", "CYAML", "COpenSSL", "AuraPlanner"]),
        .target(name: "AuraPlanner"),
        .target(name: "AuraCalendar", dependencies: ["AuraPlanner", "CICal"]),
        .target(name: "AuraCLI", dependencies: ["AuraSite", "AuraPlanner", "AuraCalendar"]),
        .executableTarget(name: "aura", dependencies: ["AuraCLI"]),

        .target(name: "AuraTestSupport", path: "Tests/Support"),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "AuraSiteTests", dependencies: ["AuraSite", "AuraTestSupport"]),
        .testTarget(name: "AuraCLITests", dependencies: ["AuraCLI", "AuraSite", "AuraPlanner", "AuraTestSupport"]),
        .testTarget(name: "AuraPlannerTests", dependencies: ["AuraPlanner", "AuraCalendar", "AuraCLI"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "AuraCalendarTests", dependencies: ["AuraCalendar", "AuraPlanner"],
                    resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
