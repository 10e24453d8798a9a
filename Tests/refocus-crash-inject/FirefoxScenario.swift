import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// The administrator's Firefox policies.json under `root`, into which
/// `FirefoxPolicies` merges ours as the daemon does (saving the original,
/// recording what it writes, writing the file) and from which it restores
/// the original byte for byte. After a killed merge, the restore must still
/// give back the administrator's bytes, mode and owner.
struct FirefoxScenario: CrashScenario {
    let root: String
    var policies: FirefoxPolicies { FirefoxPolicies(root: root, probes: [Self.probe]) }
    var name: String { "firefox" }
    var file: String { policies.file }
    var directions: [Direction] { Direction.allCases }

    /// The executable that makes Firefox count as installed, under `root`.
    static let probe = "/opt/firefox/firefox"

    /// An administrator's file with keys of their own, a block list and exceptions; 0640.
    static let administrators = Array(
        """
        {
          "policies": {
            "DisableTelemetry": true,
            "WebsiteFilter": {
              "Block": ["*://games.example/*"],
              "Exceptions": ["*://games.example/homework*"]
            },
            "Homepage": {"URL": "https://intranet.example/", "Locked": true}
          }
        }

        """.utf8)

    /// Ours: 300 hosts and DoH off.
    static let policy = FirefoxPolicy(
        hosts: (0..<300).compactMap { try? DomainName(validating: "crash-\($0).example") },
        turnsDoHOff: true)

    init(root: String) throws {
        self.root = root
        _ = Self.policy  // Made here, once: the forks only merge and write it.
        try FileManager.default.createDirectory(atPath: root + "/opt/firefox", withIntermediateDirectories: true)
        try Leftovers.put([], at: root + Self.probe, mode: 0o755)
        try FileManager.default.createDirectory(
            atPath: AtomicFile.parentDirectory(of: root + FirefoxInstall.systemFile),
            withIntermediateDirectories: true)
    }

    /// Merges ours in (`into`) or restores the administrator's file, as the daemon does.
    func write(_ direction: Direction) throws {
        let outcome = policies.apply(direction == .into ? Self.policy : nil)
        guard outcome.problems.isEmpty else { throw HarnessError(outcome.problems.joined(separator: "; ")) }
    }

    func work(_ direction: Direction) -> KilledChild.Work {
        .call { try write(direction) }
    }

    func prepare(_ direction: Direction) throws {
        try? FileManager.default.removeItem(atPath: root + "/var/lib/refocus/firefox")
        try Leftovers.put(Self.administrators, at: file, mode: 0o640, owner: (0, 4))
        if direction == .outOf { try write(.into) }
    }

    func leftovers() -> [String] {
        Leftovers.find(besides: [file, policies.original, policies.originalOwner, policies.written])
    }

    func converge(_ direction: Direction, expected: FileSnapshot) throws -> FileSnapshot? {
        try write(direction)
        let converged = try FileSnapshot(of: file)
        guard converged == expected else { return expected }
        if direction == .into {
            // The session ends: the administrator's file comes back whole.
            try write(.outOf)
            let restored = try FileSnapshot(of: file)
            guard restored.bytes == Self.administrators, restored.mode == 0o640, restored.group == 4 else {
                throw HarnessError("after a killed merge, the restore gave \(restored), not the administrator's file")
            }
        }
        return nil
    }
}
