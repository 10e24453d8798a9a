import RefocusCore

/// The programs the blocker kills, per owner uid, and the pure matcher that
/// decides whether a process is one of them.
///
/// Built from `DesiredEnforcement.programs`, the union over the active
/// sessions. A process is blocked when all its uids (real, effective and
/// saved) are the uid of an owner here, and its comm, its executable's base
/// name or `argv[0]`'s base name is one of that owner's program names. The
/// kernel truncates comm to 15 bytes, so a longer program name is compared
/// with comm on its first 15 bytes; the other two are compared whole.
///
/// Entries naming an app (`flatpak:…`, `snap:…`, `appimage:…`, `steam:…`:
/// `AppIdentity`) match a process by the app it belongs to, from `AppFacts`
/// that the caller reads only for owners with such entries (`hasApps`).
///
/// Root's processes are never matched: uid 0 is dropped from the rules, so a
/// session that root starts blocks no program. A uid with no session has no
/// rules and is never matched.
public struct ProgramRules: Sendable, Equatable {
    /// How many bytes of a process name the kernel keeps in comm (TASK_COMM_LEN - 1).
    public static let commLength = 15

    /// No program is blocked.
    public static let empty = ProgramRules([:])

    /// The blocked program names per owner uid: only owners with at least one name, never uid 0.
    public let programs: [UInt32: Set<ProgramName>]
    private let lookups: [UInt32: Lookup]

    /// Makes the rules for `programs` (program names per owner uid).
    public init(_ programs: [UInt32: Set<ProgramName>]) {
        let kept = programs.filter { $0.key != 0 && !$0.value.isEmpty }
        self.programs = kept
        lookups = kept.mapValues(Lookup.init)
    }

    /// Makes the rules for what the active sessions must enforce.
    public init(_ desired: DesiredEnforcement) {
        self.init(desired.programs)
    }

    /// Whether no program is blocked: the daemon then needs no process events.
    public var isEmpty: Bool { programs.isEmpty }

    /// Whether `uid`'s rules name apps, whose facts must then be read.
    public func hasApps(uid: UInt32) -> Bool {
        lookups[uid].map { !$0.apps.isEmpty } ?? false
    }

    /// The apps `uid`'s rules name: what decides which facts are read.
    public func apps(uid: UInt32) -> [AppIdentity] {
        lookups[uid]?.apps.map(\.0) ?? []
    }

    /// Why a process of `uid` that shows `facts` is blocked: it belongs to
    /// one of `uid`'s blocked apps. The caller checks the process's uids.
    public func matchApp(uid: UInt32, _ facts: AppFacts) -> ProgramMatch? {
        guard uid != 0, let lookup = lookups[uid],
            let (_, program) = lookup.apps.first(where: { $0.0.matches(facts) })
        else { return nil }
        return ProgramMatch(owner: uid, program: program, field: .app)
    }

    /// Whether processes of `uid` can be blocked at all: a cheap test before
    /// reading a process's names.
    public func governs(uid: UInt32) -> Bool {
        lookups[uid] != nil
    }

    /// Why `process` is blocked, or nil when it is not: it is root's, its uid
    /// has no session blocking programs, its uids are mixed (a setuid
    /// program), or none of its names is a blocked program.
    public func match(_ process: ProcessIdentity) -> ProgramMatch? {
        guard process.uid != 0, process.runsOnlyAs(process.uid), let lookup = lookups[process.uid] else { return nil }
        let owner = process.uid
        if let program = lookup.byComm[process.comm] {
            return ProgramMatch(owner: owner, program: program, field: .comm)
        }
        if let name = process.executable.flatMap(Self.baseName), let program = lookup.byName[name] {
            return ProgramMatch(owner: owner, program: program, field: .executable)
        }
        if let name = process.argv0.flatMap(Self.baseName), let program = lookup.byName[name] {
            return ProgramMatch(owner: owner, program: program, field: .argv0)
        }
        return process.app.flatMap { matchApp(uid: owner, $0) }
    }

    /// Why an executable at `path`, run by `uid`, is blocked: its base name
    /// is one of `uid`'s blocked programs. Nil for root, an owner without
    /// such a session, or any other name. (The exec permission check: the
    /// caller has checked that the process's uids are all `uid`.)
    public func match(uid: UInt32, executable path: [UInt8]) -> ProgramMatch? {
        guard uid != 0, let lookup = lookups[uid], let name = Self.baseName(path), let program = lookup.byName[name]
        else { return nil }
        return ProgramMatch(owner: uid, program: program, field: .executable)
    }

    public static func == (lhs: ProgramRules, rhs: ProgramRules) -> Bool {
        lhs.programs == rhs.programs
    }

    /// The last non-empty `/`-separated component of `path`; nil when there is none.
    static func baseName(_ path: [UInt8]) -> [UInt8]? {
        let slash = UInt8(ascii: "/")
        guard let end = path.lastIndex(where: { $0 != slash }) else { return nil }
        let start = path[...end].lastIndex(of: slash).map { $0 + 1 } ?? path.startIndex
        return Array(path[start...end])
    }

    /// One owner's program names as bytes: whole, and as the kernel would keep them in comm.
    private struct Lookup: Sendable {
        let byName: [[UInt8]: ProgramName]
        let byComm: [[UInt8]: ProgramName]
        /// The entries naming apps, in name order.
        let apps: [(AppIdentity, ProgramName)]

        init(_ names: Set<ProgramName>) {
            // Sorted, so that when two long names share their first 15 bytes the same one is reported each time.
            let sorted = names.sorted()
            var byName: [[UInt8]: ProgramName] = [:]
            var byComm: [[UInt8]: ProgramName] = [:]
            for name in sorted {
                byName[Array(name.rawValue.utf8)] = name
                let comm = Array(name.rawValue.utf8.prefix(ProgramRules.commLength))
                if byComm[comm] == nil { byComm[comm] = name }
            }
            self.byName = byName
            self.byComm = byComm
            apps = sorted.compactMap { name in AppIdentity(name).map { ($0, name) } }
        }
    }
}
