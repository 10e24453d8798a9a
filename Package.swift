// swift-tools-version:6.0
// ReFocus for Linux: a website and program blocking enforcer.
// Layout and trust boundary: see docs/architecture.md.
import PackageDescription

/// Test hooks (a variable or option only the tests set) are compiled in debug builds alone, as
/// swift-system does its mocking: `#if REFOCUS_TEST_HOOKS` around each, so that a release binary,
/// and a root daemon above all, reads no test input. The tests run the debug build.
let testHooks: [SwiftSetting] = [.define("REFOCUS_TEST_HOOKS", .when(configuration: .debug))]

let package = Package(
    name: "refocus",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "refocus", targets: ["refocus"]),
        .executable(name: "refocus-helper", targets: ["refocus-helper"]),
        .executable(name: "refocus-ui", targets: ["refocus-ui"]),
        .executable(name: "refocus-bench", targets: ["refocus-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        .systemLibrary(
            name: "CNetfilter", pkgConfig: "libnftnl libmnl",
            providers: [.apt(["libnftnl-dev", "libmnl-dev"])]),
        // libidn2 and libpsl: headers only at build time (libidn2-dev, libpsl-dev); each library is
        // loaded at its first call (the shims say why), so nothing links them.
        .systemLibrary(name: "CIDN2"),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CPSL"),
        .systemLibrary(name: "CAres", pkgConfig: "libcares", providers: [.apt(["libc-ares-dev"])]),

        // The names index's layout, hash and reader, in C: shared by the helper that writes the
        // index and the NSS module that reads it.
        .target(name: "CNameIndex"),
        // The NSS module (libnss_refocus.so.2, built by `make nss` from these sources without
        // the Swift runtime); compiled here too, so that tests call its functions in-process.
        .target(name: "CNSSRefocus", dependencies: ["CNameIndex"], cSettings: [.define("_GNU_SOURCE")]),

        // Pure logic (no files, no clock, no processes), in four modules along the trust boundary
        // (docs/architecture.md, "Modules"):
        // the model both sides share: names, lists, time, text, TOML, JSON, notes, the policy's values, stats.
        .target(name: "RefocusCore", dependencies: ["CIDN2", "CPSL"]),
        // The wire between the CLI and the helper, and status.json: requests, answers, summaries, the snapshot.
        .target(name: "RefocusProtocol", dependencies: ["RefocusCore"]),
        // Root's planning: sessions and their rules, the desired enforcement, the hosts section, the names
        // index, nsswitch.conf, browser policies and program matching. The CLI does not link it.
        .target(name: "RefocusPlanning", dependencies: ["RefocusCore", "RefocusProtocol", "CNameIndex"]),
        // Mechanisms of the system, a module each; the CLI links OS, DNS and Policy only.
        // Syscalls and errors, files, time, the list store, the status file, locks, spawning, users.
        .target(
            name: "RefocusOS",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "CLinux", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The user's features: presets, schedules and cron, list sync (its transports too), the watch's drawing.
        // The helper does not link it.
        .target(name: "RefocusFeatures", dependencies: ["RefocusCore", "RefocusOS"]),
        // Hooks, in one place: their variables and environment, the runner that drops to the user, the
        // launcher and the runs the daemon keeps.
        .target(
            name: "RefocusHooks",
            dependencies: ["RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusOS", "CLinux"]),
        // c-ares: asking the system's name servers directly.
        .target(name: "RefocusDNS", dependencies: ["RefocusCore", "RefocusOS", "CAres"]),
        // Netlink: the nf_tables table inet refocus (libnftnl, libmnl), its monitor, and routes.
        .target(name: "RefocusNetfilter", dependencies: ["RefocusCore", "RefocusOS", "CNetfilter", "CLinux"]),
        // The administrator's policy file, /etc/refocus/policy.toml (RefocusCore's TOML reader): the
        // helper's, and the CLI's for the entries no session may block.
        .target(name: "RefocusPolicy", dependencies: ["RefocusCore", "RefocusOS"]),
        // Root's enforcement: reconcile, the firewall, /etc/hosts, the store (GRDB), the caller, the
        // daemon's event sources, the process connector and killer.
        .target(
            name: "RefocusEnforcement",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusOS", "RefocusDNS", "RefocusNetfilter",
                "CLinux", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        .target(
            name: "RefocusCommands",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusFeatures", "RefocusOS", "RefocusDNS", "RefocusPolicy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The enforcer daemon, root's runtime: its loop over the event sources, the reconcile's follow-up,
        // the program blocker and exec guard, the status it publishes, the herald of hooks and notifications.
        .target(
            name: "RefocusDaemon",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusHooks", "RefocusOS", "RefocusPolicy",
                "RefocusEnforcement", .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: testHooks),
        // The helper's verbs, run through sudo: each request read, checked and answered; the daemon started and asked.
        .target(
            name: "RefocusHelperCommands",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusHooks", "RefocusOS", "RefocusPolicy",
                "RefocusEnforcement", "RefocusDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: testHooks),
        // The dashboard's server (`refocus ui`): HTTP/1.1 on 127.0.0.1 for its own user alone, the
        // page built in, every answer from the `refocus` command itself. Its own executable, so that
        // `refocus` and the status line link no web server.
        .target(
            name: "RefocusUI",
            dependencies: [
                "RefocusCore", "RefocusOS", "CLinux", .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/app.css"), .embedInCode("Page/app.js"),
                .embedInCode("Page/icon.svg"),
            ]),
        .executableTarget(
            name: "refocus-ui",
            dependencies: [
                "RefocusUI", "RefocusOS", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "refocus", dependencies: ["RefocusCommands"]),
        .executableTarget(name: "refocus-helper", dependencies: ["RefocusHelperCommands"]),
        // Timings only; nft itself as the reference for table inet refocus is shared with the scenarios.
        .executableTarget(
            name: "refocus-bench",
            dependencies: [
                "RefocusCore", "RefocusOS", "RefocusDNS", "RefocusNetfilter", "RefocusEnforcement",
                "RefocusNftReference", "RefocusUI",
            ]),
        .target(name: "RefocusNftReference", dependencies: ["RefocusCore", "RefocusOS", "RefocusNetfilter"]),

        // Shared fixtures: running the built binaries, sandboxes of fresh namespaces.
        .target(
            name: "RefocusTestSupport",
            dependencies: [
                "RefocusOS", .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Tests/RefocusTestSupport"),
        // In-memory fakes of the enforcement layers, for the reconcile's tests without root.
        .target(
            name: "RefocusLayerFakes", dependencies: ["RefocusCore", "RefocusPlanning", "RefocusEnforcement"],
            path: "Tests/RefocusLayerFakes"),
        // Checks and fact-printing scenarios of table inet refocus against the kernel and nft, for
        // the privileged tests: no product, built with the tests.
        .executableTarget(
            name: "refocus-nft-scenarios",
            dependencies: [
                "RefocusCore", "RefocusOS", "RefocusNetfilter", "RefocusNftReference", "RefocusPlanning",
                "RefocusEnforcement",
            ],
            path: "Tests/refocus-nft-scenarios"),
        // Starts a hook as the daemon does (HookLauncher, the real setpriv), for the privileged tests.
        .executableTarget(
            name: "refocus-hook-launch", dependencies: ["RefocusCore", "RefocusHooks"],
            path: "Tests/refocus-hook-launch"),
        // Prints the machine's time zone as refocus sees it (glibc under TZ), for RefocusOSTests.
        .executableTarget(name: "refocus-zone-probe", dependencies: ["RefocusOS"], path: "Tests/refocus-zone-probe"),
        // Kills the writers of /etc/hosts, Firefox's policies and a crontab at random instants and checks
        // what is left (CrashInjectionTests).
        .executableTarget(
            name: "refocus-crash-inject",
            dependencies: [
                "RefocusCore", "RefocusPlanning", "RefocusFeatures", "RefocusOS", "RefocusEnforcement",
                "RefocusTestSupport",
            ],
            path: "Tests/refocus-crash-inject"),
        // The parsers of untrusted bytes under libFuzzer (`make fuzz`: built with -sanitize=fuzzer
        // -DREFOCUS_LIBFUZZER, whose main starts libFuzzer's driver, declared in CLibFuzzer), or
        // replaying files through them (any other build; the corpus test): no product.
        .systemLibrary(name: "CLibFuzzer", path: "Tests/CLibFuzzer"),
        .executableTarget(
            name: "refocus-fuzz",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusFeatures", "RefocusOS", "RefocusPolicy",
                "RefocusCommands", "CLibFuzzer",
            ],
            path: "Tests/refocus-fuzz", exclude: ["Corpus"]),
        .testTarget(
            name: "RefocusCoreTests",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusFeatures", "RefocusHooks",
                "RefocusTestSupport",
            ]),
        .testTarget(
            name: "RefocusOSTests",
            dependencies: [
                "RefocusOS", "RefocusProtocol", "RefocusFeatures", "RefocusHooks", "RefocusTestSupport",
                "refocus-zone-probe",
            ]),
        .testTarget(name: "RefocusPolicyTests", dependencies: ["RefocusPolicy", "RefocusCore", "RefocusOS"]),
        .testTarget(name: "RefocusDNSTests", dependencies: ["RefocusDNS", "CAres"]),
        .testTarget(
            name: "RefocusNetfilterTests",
            dependencies: [
                "RefocusNetfilter", "RefocusOS", "CNetfilter", "RefocusTestSupport",
            ]),
        .testTarget(
            name: "RefocusEnforcementTests",
            dependencies: [
                "RefocusEnforcement", "RefocusProtocol", "RefocusPlanning", "RefocusHooks", "RefocusOS",
                "RefocusTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "RefocusHelperCommandsTests",
            dependencies: [
                "RefocusHelperCommands", "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusEnforcement",
            ]),
        .testTarget(
            name: "RefocusDaemonTests",
            dependencies: [
                "RefocusDaemon", "RefocusCore", "RefocusProtocol", "RefocusPlanning", "RefocusEnforcement",
                "RefocusTestSupport",
            ]),
        // The Reconciler, the daemon's follow-up of a reconcile and its loop over fake layers and event sources:
        // ordering, failures, the routes' fallback, tamper repair, notes, timers, watches and the status (no root).
        .testTarget(
            name: "RefocusReconcileTests",
            dependencies: [
                "RefocusLayerFakes", "RefocusEnforcement", "RefocusDaemon", "RefocusCore", "RefocusProtocol",
                "RefocusPlanning", "RefocusTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The NSS module's functions called in-process on index files of the test's own (needs root:
        // the module trusts only root's files).
        .testTarget(
            name: "RefocusNSSTests",
            dependencies: ["CNSSRefocus", "CNameIndex", "RefocusCore", "RefocusPlanning", "RefocusTestSupport"]),
        .testTarget(
            name: "RefocusCommandsTests",
            dependencies: [
                "RefocusCore", "RefocusProtocol", "RefocusFeatures", "RefocusOS", "RefocusCommands",
                "RefocusTestSupport",
                "refocus", "refocus-helper",
                "refocus-fuzz",
            ]),
        // The dashboard's server: its HTTP parser, access guard and routes in-process, and the
        // built refocus-ui over real loopback sockets.
        .testTarget(
            name: "RefocusUITests",
            dependencies: ["RefocusUI", "RefocusTestSupport", "refocus", "refocus-ui"]),
        // Tests that need root: each runs in fresh namespaces (see Sandbox); skipped without root.
        .testTarget(
            name: "RefocusPrivilegedTests",
            dependencies: [
                "RefocusTestSupport", "RefocusCore", "RefocusPlanning", "RefocusEnforcement", "refocus",
                "refocus-helper", "refocus-ui",
                "refocus-bench",
                "refocus-nft-scenarios", "refocus-hook-launch", "refocus-crash-inject",
            ],
            exclude: ["HostileRequests"]),
    ],
    swiftLanguageModes: [.v6]
)
