import Foundation
import RefocusNetfilter
import RefocusOS

/// Runs the one scenario named on the command line and exits: 0 when it
/// ran (a check passed; facts were printed), 1 when it failed, 64 for a
/// wrong name, 77 without root. The scenarios change the nftables ruleset,
/// so every one but `counters` and `users` first moves into a network
/// namespace of its own; those two need the sandbox's, with its peers, and
/// refuse to run elsewhere.
enum ScenarioMain {
    /// The scenarios in a private network namespace: what each runs.
    static let isolated: [String: @Sendable () throws -> Void] = [
        "check": runCheck,
        "monitor": NftMonitorScenario.run,
        "ownership": NftOwnershipScenario.run,
        "persistence": NftPersistenceScenario.run,
    ]
    /// The scenarios in the caller's network namespace (a sandbox's).
    static let inPlace: [String: @Sendable () throws -> Void] = [
        "counters": NftCountersScenario.run,
        "users": NftUsersScenario.run,
    ]

    static func run(_ arguments: [String]) -> Never {
        let names = (isolated.keys.sorted() + inPlace.keys.sorted()).joined(separator: ", ")
        guard arguments.count == 1, let name = arguments.first, let scenario = isolated[name] ?? inPlace[name] else {
            fail("usage: refocus-nft-scenarios NAME, one of: \(names)", status: 64)
        }
        guard geteuid() == 0 else {
            fail("refocus-nft-scenarios: \(name) needs root; run it inside a test sandbox", status: 77)
        }
        if isolated[name] != nil {
            // Before any other thread exists: threads started later inherit the namespace.
            do {
                try NetworkNamespace.enterPrivate()
            } catch {
                fail("refocus-nft-scenarios: \(name): \(error)", status: 71)
            }
        }
        do {
            try scenario()
        } catch {
            fail("refocus-nft-scenarios: \(name) failed: \(error)", status: 1)
        }
        exit(0)
    }

    /// `check`: every check of `NftCheckScenario`, which needs `nft`.
    private static func runCheck() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/nft") else {
            throw ScenarioError.failed(
                "/usr/sbin/nft is missing; the checks compare with it (apt-get install nftables)")
        }
        try NftCheckScenario.run()
        print("nft: ownership, persistence, idempotence, edges, listings, packets and hit counters checked")
    }

    /// Runs `command` with `/bin/sh -c`; throws unless it exits 0.
    static func shell(_ command: String) throws {
        let status = try ForegroundProcess.run(["/bin/sh", "-c", command])
        guard status == 0 else { throw ScenarioError.failed("\(command) exited with \(status)") }
    }

    /// Prints `message` on stderr and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}

/// A check that failed, or a scenario that could not run: what and why.
enum ScenarioError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case .failed(let reason): reason
        }
    }
}
