import Foundation
import RefocusCore
import RefocusEnforcement
import RefocusOS
import RefocusPlanning

/// /etc/hosts, rewritten by `HostsFile` as the helper and the daemon do:
/// our section of `domains` domains written in after the administrator's
/// lines and taken out again. With `bindMount` the file is a bind mount
/// (the test mounts it), so that the rewrite is journaled and in place.
struct HostsScenario: CrashScenario {
    let bindMount: Bool
    /// The administrator's file: /etc/hosts as the harness found it, which must hold no section of ours.
    let administrators: [UInt8]
    let hosts = HostsFile()
    var name: String { bindMount ? "hosts-bind" : "hosts" }
    var file: String { hosts.path }
    var directions: [Direction] { Direction.allCases }

    /// 300 domains, each with the default subdomains: 1,800 lines, about 60 KB.
    static let body = HostsSection.body(
        domains: (0..<300).compactMap { try? DomainName(validating: "crash-\($0).example") })

    init(bindMount: Bool) throws {
        self.bindMount = bindMount
        administrators = try FileReader.readIfPresent("/etc/hosts") ?? []
        guard try hosts.currentBody() == nil else { throw HarnessError("/etc/hosts already holds a refocus section") }
        _ = Self.body  // Made here, once: the forks only write it.
    }

    /// Writes the section in (`into`) or takes it out, as the helper and the daemon do.
    func write(_ direction: Direction) throws {
        try hosts.apply(body: direction == .into ? Self.body : nil)
    }

    func work(_ direction: Direction) -> KilledChild.Work {
        .call { try write(direction) }
    }

    func prepare(_ direction: Direction) throws {
        try Leftovers.put(administrators, at: file)
        if direction == .outOf { try hosts.apply(body: Self.body) }
    }

    func leftovers() -> [String] {
        Leftovers.find(besides: [file], existing: [hosts.journalPath])
    }

    func recover() throws -> Bool {
        guard FileManager.default.fileExists(atPath: hosts.journalPath) else { return false }
        // What every rewrite does first: replay the journal. A rewrite that changes nothing does only that.
        _ = try JournaledFile(
            path: file, journalPath: hosts.journalPath,
            lockPath: AtomicFile.parentDirectory(of: hosts.journalPath) + "/hosts.lock",
            readLimit: HostsSection.readLimit
        ).rewrite { $0 }
        return true
    }

    func converge(_ direction: Direction, expected: FileSnapshot) throws -> FileSnapshot? {
        try write(direction)
        if direction == .outOf, try FileReader.readIfPresent(file) != administrators {
            throw HarnessError("without our section, \(file) is not the administrator's file byte for byte")
        }
        return expected
    }
}
