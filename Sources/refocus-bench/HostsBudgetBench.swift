import Foundation
import RefocusCore
import RefocusOS
import RefocusPlanning

/// `refocus-bench hosts-budget`: what one member's 60 lists of 833 domains
/// (issue 28's finding 3: each list under `hosts_only_above`, 49,980
/// domains in all) cost every other lookup on the machine, in
/// `ResolverScene`'s namespace (the host's /etc and /run are never
/// touched). The /etc/hosts section and the module's index are what
/// `DesiredEnforcement` makes of the sessions under the default policy with
/// the module in force; beside them, no session, the worst case the default
/// total allows (60 lists of 166 domains: the section full), and the
/// section as it was before the total (every list in it). An unrelated name
/// is looked up with `hosts: files refocus`, as `getent hosts` whole
/// processes (what a program pays), the cases interleaved round by round,
/// and as `getaddrinfo` in one process. Target: under 1.5× the time with
/// no session. Needs root.
enum HostsBudgetBench {
    /// The flood: lists and domains per list.
    static let lists = 60, domainsPerList = 833

    /// One arrangement of sessions measured: its files and its samples.
    private struct Case {
        let label: String
        let hosts: [UInt8]
        let index: NameIndex?
        let names: Int
        var getent: [Double] = []
    }

    static func run(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else {
            return print("hosts-budget: skipped, needs root for a mount namespace (sudo refocus-bench hosts-budget)")
        }
        guard ProcessInfo.processInfo.environment[ResolverScene.insideVariable] != nil else {
            print("hosts-budget: \(Machine.summary)")
            fflush(nil)
            return try ResolverScene.reenter(
                arguments: options.checkOnly ? ["hosts-budget", "--check"] : ["hosts-budget"])
        }
        let (rounds, runs, calls) = options.checkOnly ? (2, 3, 200) : (10, 20, 5_000)
        let scene = try ResolverScene.enter()
        let policy = Policy()
        var unbounded = policy
        unbounded.caps.hostsNamesPerMachine = .max
        let total = policy.caps.hostsNamesPerMachine
        // The largest list whose names fit in the total: the section full of one member's lists.
        let fitting = total / DesiredEnforcement.expandedCount(1, policy)
        var cases = [Case(label: "no session", hosts: ResolverScene.minimalHosts, index: nil, names: 0)]
        for (label, perList, rules) in [
            (
                "\(lists) lists of \(domainsPerList) domains, max_hosts_names_per_machine = \(total) (the default)",
                domainsPerList, policy
            ),
            ("\(lists) lists of \(fitting) domains, the same total: the section full", fitting, policy),
            (
                "\(lists) lists of \(domainsPerList) domains, every list in the section (no total, as before it)",
                domainsPerList, unbounded
            ),
        ] {
            let desired = DesiredEnforcement(
                sessions: try sessions(domainsPerList: perList), policy: rules, resolverModule: true)
            cases.append(
                Case(
                    label: label, hosts: try hostsFile(desired.hostsNames), index: desired.nameIndex(policy: rules),
                    names: desired.hostsNames.count))
        }
        print(
            "an unrelated name (\(ResolverBench.unrelatedName)) with hosts: files refocus beside one member's sessions; "
                + "getent hosts: \(rounds) rounds of \(runs) processes a case, interleaved, spawn to exit; getaddrinfo: "
                + "\(calls.grouped) calls in one process; target < 1.5x no session")
        try scene.useServices("files refocus")
        for _ in 0..<rounds {
            for index in cases.indices {
                try use(cases[index], scene)
                cases[index].getent += try getentTimes(runs: runs)
            }
        }
        let baseline = Samples(cases[0].getent).median
        var baselineCall = 0.0
        for (index, measured) in cases.enumerated() {
            try use(measured, scene)
            let probe = try scene.probe(ResolverBench.unrelatedName, count: calls, seconds: 5)
            guard probe.answer == "EAI_NONAME" else {
                throw BenchError.checkFailed("\(ResolverBench.unrelatedName): \(probe.answer)")
            }
            if index == 0 { baselineCall = probe.median }
            let getent = Samples(measured.getent)
            print(
                "  \(measured.label): \(measured.names.grouped) names, \(NameIndexWriteBench.mebibytes(measured.hosts.count)) "
                    + "/etc/hosts; getent hosts median \(Measure.format(getent.median)) (p90 \(Measure.format(getent.percentile(0.9))))"
                    + String(format: ", %.2fx", getent.median / baseline)
                    + "; getaddrinfo \(Measure.format(probe.median))"
                    + String(format: ", %.2fx", probe.median / baselineCall))
        }
        try scene.writeHosts(ResolverScene.minimalHosts)
        try scene.index.apply(nil)
    }

    /// One member's `lists` sessions, a list each of `domainsPerList` domains.
    private static func sessions(domainsPerList: Int) throws -> [Session] {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        return try (0..<lists).map { list in
            let domains = try (0..<domainsPerList).map {
                BlockEntry.domain(try DomainName(validating: "d\($0).flood\(list).example"))
            }
            return Session(
                id: Int64(list + 1), owner: 1000,
                blockLists: [
                    BlockList(
                        name: try BlockListName("flood\(list)"),
                        entries: Set(domains))
                ],
                start: start, plannedEnd: start.addingTimeInterval(3_600), locked: false)
        }
    }

    /// Puts `measured`'s /etc/hosts and index in place; a name of its lists must then answer the sinkhole.
    private static func use(_ measured: Case, _ scene: ResolverScene) throws {
        try scene.writeHosts(measured.hosts)
        try scene.index.apply(measured.index)
        guard measured.index != nil else { return }
        let name = "d1.flood\(lists - 1).example"
        let answer = try ForegroundProcess.run(["/usr/bin/getent", "hosts", name], input: Data())
        guard answer.status == 0, String(decoding: answer.standardOutput, as: UTF8.self).hasPrefix("100::1 ") else {
            throw BenchError.checkFailed("getent hosts \(name) did not answer 100::1: status \(answer.status)")
        }
    }

    /// The minimal /etc/hosts with a section of `names`, or without one when there are none.
    private static func hostsFile(_ names: HostNames) throws -> [UInt8] {
        guard names.count > 0 else { return ResolverScene.minimalHosts }
        let section = try ManagedSection(name: HostsSection.sectionName)
        return try section.split(ResolverScene.minimalHosts).replacingBody(with: HostsSection.body(of: names))
    }

    /// `runs` whole `getent hosts` processes of the unrelated name, each of which must find nothing (exit 2).
    private static func getentTimes(runs: Int) throws -> [Double] {
        let getent = TimedSpawn("/usr/bin/getent", ["hosts", ResolverBench.unrelatedName])
        return try (0..<runs).map { _ in
            let run = try getent.run()
            guard run.status == 2 else { throw BenchError.checkFailed("getent hosts exited with \(run.status), not 2") }
            return run.seconds
        }
    }
}
