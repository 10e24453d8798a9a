// swift-tools-version:6.0
// ReFocus for Linux: a website and program blocking enforcer.
// Layout and trust boundary: see DESIGN.md (shared) and README.md.
import PackageDescription

let package = Package(
    name: "refocus",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "refocus", targets: ["refocus"]),
        .executable(name: "refocus-helper", targets: ["refocus-helper"]),
        .executable(name: "refocus-bench", targets: ["refocus-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        .systemLibrary(name: "CNetfilter", pkgConfig: "libnftnl libmnl",
                       providers: [.apt(["libnftnl-dev", "libmnl-dev"])]),
        .systemLibrary(name: "CIDN2", pkgConfig: "libidn2", providers: [.apt(["libidn2-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev", "publicsuffix"])]),
        .systemLibrary(name: "CAres", pkgConfig: "libcares", providers: [.apt(["libc-ares-dev"])]),

        // Pure logic: no files, no clock, no processes.
        .target(name: "RefocusCore", dependencies: ["CIDN2", "CPSL"]),
        // Linux mechanisms: files, processes, DNS resolution, netlink, the session store.
        .target(name: "RefocusSystem", dependencies: [
            "RefocusCore", "CNetfilter", "CLinux", "CAres",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "GRDB", package: "GRDB.swift"),
            "TOMLKit",
        ]),
        .target(name: "RefocusCommands", dependencies: [
            "RefocusCore", "RefocusSystem",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "RefocusHelperCommands", dependencies: [
            "RefocusCore", "RefocusSystem",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "refocus", dependencies: ["RefocusCommands"]),
        .executableTarget(name: "refocus-helper", dependencies: ["RefocusHelperCommands"]),
        // Timings only; nft itself as the reference for table inet refocus is shared with the scenarios.
        .executableTarget(name: "refocus-bench", dependencies: ["RefocusCore", "RefocusSystem", "RefocusNftReference"]),
        .target(name: "RefocusNftReference", dependencies: ["RefocusCore", "RefocusSystem"]),

        // Shared fixtures: running the built binaries, sandboxes of fresh namespaces.
        .target(name: "RefocusTestSupport", dependencies: ["RefocusSystem"], path: "Tests/RefocusTestSupport"),
        // Checks and fact-printing scenarios of table inet refocus against the kernel and nft, for
        // the privileged tests: no product, built with the tests.
        .executableTarget(name: "refocus-nft-scenarios",
                          dependencies: ["RefocusCore", "RefocusSystem", "RefocusNftReference"],
                          path: "Tests/refocus-nft-scenarios"),
        .testTarget(name: "RefocusCoreTests", dependencies: ["RefocusCore"]),
        .testTarget(name: "RefocusSystemTests", dependencies: [
            "RefocusSystem", "CNetfilter", "CAres", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "RefocusCommandsTests",
                    dependencies: ["RefocusCore", "RefocusTestSupport", "refocus", "refocus-helper"]),
        // Tests that need root: each runs in fresh namespaces (see Sandbox); skipped without root.
        .testTarget(name: "RefocusPrivilegedTests",
                    dependencies: ["RefocusTestSupport", "refocus", "refocus-helper", "refocus-bench",
                                   "refocus-nft-scenarios"]),
    ],
    swiftLanguageModes: [.v6]
)
