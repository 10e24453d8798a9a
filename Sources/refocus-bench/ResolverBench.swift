import Foundation
import RefocusCore
import RefocusPlanning

/// `refocus-bench resolver`: the NSS module (`libnss_refocus.so.2`)
/// against the same lookups without it, in one run, in a private mount
/// namespace (`ResolverScene`; the host's /etc and /run are never touched):
///
/// - the names index built and written at 1k, 100k and 1M names (`NameIndexWriteBench`);
/// - `getaddrinfo` of an unrelated name in one process (`ResolverProbe`),
///   `hosts: files` against `hosts: files refocus`, with 0 to 1M names in
///   the index, interleaved; and a blocked name's answer;
/// - a name's answer from a per-user entry against the plain answer
///   (`ResolverUserBench`);
/// - the same unrelated lookup with the domains in the /etc/hosts section
///   instead, at 1k, 10k and 100k domains;
/// - `getent` as whole processes with the 84k-name list (`ResolverSpawnBench`).
///
/// Targets: under 20 µs added to an unrelated lookup, flat in the list's
/// size; a million names built and written in under 300 ms. Needs root.
enum ResolverBench {
    /// The name no list holds: not in /etc/hosts, not in the index.
    static let unrelatedName = "unrelated-name.invalid"
    /// The target for the time the module adds to an unrelated lookup, in seconds.
    static let target = 20e-6

    /// How much one run measures: the full run, or `--check`'s short one.
    struct Plan {
        var writeSizes = [1_000, 100_000, 1_000_000]
        var writeRuns = 7
        var indexSizes = [0, 1_000, 10_000, 100_000, 1_000_000]
        // 50 and 300 domains: focus lists (a built-in list, a user's own); then large imported ones.
        var hostsSizes = [50, 300, 1_000, 10_000, 100_000]
        /// Probes per side and size, interleaved; calls per probe, and the seconds a probe may take.
        var rounds = 3, calls = 20_000, seconds = 1.0
        /// The list of the per-process comparison: about the 84k names of EasyList and EasyPrivacy.
        var listSize = 84_000
        var spawnRuns = 200, hostsSpawnRuns = 20

        static let check = Plan(
            writeSizes: [1_000], writeRuns: 2, indexSizes: [0, 1_000], hostsSizes: [1_000],
            rounds: 1, calls: 500, seconds: 0.2, listSize: 1_000, spawnRuns: 5, hostsSpawnRuns: 2)
    }

    static func run(_ options: BenchMain.Options) throws {
        guard geteuid() == 0 else {
            return print("resolver: skipped, needs root for a mount namespace (sudo refocus-bench resolver)")
        }
        guard ProcessInfo.processInfo.environment[ResolverScene.insideVariable] != nil else {
            print("resolver: \(Machine.summary)")
            print("  command: \(CommandLine.arguments.joined(separator: " ")) (as uid \(getuid()))")
            fflush(nil)
            return try ResolverScene.reenter(arguments: options.checkOnly ? ["resolver", "--check"] : ["resolver"])
        }
        let plan = options.checkOnly ? Plan.check : Plan()
        let scene = try ResolverScene.enter()
        let count = (plan.writeSizes + plan.indexSizes + plan.hostsSizes + [plan.listSize]).max() ?? 0
        var domains: [DomainName] = []
        let making = try Samples.measure(runs: 1) { domains = try BenchDomains.make(count) }
        print(
            "  \(count.grouped) domains such as \(domains[0]), \(domains[count - 1]) made in \(Measure.format(making.median)), "
                + "untimed; module \(scene.module)")
        try NameIndexWriteBench.run(domains, sizes: plan.writeSizes, runs: plan.writeRuns, file: scene.index)
        let module = try measureModule(scene, domains, plan)
        try ResolverUserBench.run(scene, domains, plan)
        try measureHostsSection(scene, domains, plan, module: module)
        try ResolverSpawnBench.run(
            scene, list: Array(domains.prefix(plan.listSize)), blocked: blockedName(domains[0]),
            runs: plan.spawnRuns, hostsRuns: plan.hostsSpawnRuns)
        print("  load at the end: \(Machine.load)")
    }

    /// A deep name under `domain`: the module checks each of its suffixes.
    static func blockedName(_ domain: DomainName) -> String { "a.b.c.d." + domain.ascii }

    /// What the module's table found: per size, the added time; and the lookup's time without it.
    struct ModuleFigures {
        var added: [Int: Double] = [:]
        var withoutModule = 0.0
    }

    /// The unrelated name with `hosts: files` and `hosts: files refocus`, and a blocked name, at each index size.
    private static func measureModule(_ scene: ResolverScene, _ domains: [DomainName], _ plan: Plan) throws
        -> ModuleFigures
    {
        let blocked = blockedName(domains[0])
        let probe = { (name: String) in try scene.probe(name, count: plan.calls, seconds: plan.seconds) }
        try scene.useServices("files")
        let listed = try (0..<plan.rounds).map { _ in try probe(ResolverScene.listedName) }
        try expect(listed, answer: "100::7,192.0.2.7", module: "none", "\(ResolverScene.listedName) with hosts: files")
        print(
            "getaddrinfo(AF_UNSPEC, SOCK_STREAM) in one process, \(unrelatedName): per call, median (p99) of up to "
                + "\(plan.calls.grouped) calls, the median of \(plan.rounds) probe processes a side, interleaved; "
                + "first call: the one that loads the module and maps the index; target: < \(Measure.format(target)) added, flat"
        )
        print(
            row(["index", "hosts: files", "files refocus", "added", "first call added", "blocked name (files refocus)"])
        )
        var figures = ModuleFigures()
        var baseline: [Double] = []
        for size in plan.indexSizes {
            try scene.index.apply(size == 0 ? nil : NameIndex(blocking: domains.prefix(size)))
            var without: [ResolverProbe.Result] = [], with: [ResolverProbe.Result] = [],
                answers: [ResolverProbe.Result] = []
            for _ in 0..<plan.rounds {
                try scene.useServices("files")
                without.append(try probe(unrelatedName))
                try scene.useServices("files refocus")
                with.append(try probe(unrelatedName))
                answers.append(try probe(blocked))
            }
            try expect(without, answer: "EAI_NONAME", module: "none", "\(unrelatedName) with hosts: files")
            try expect(with, answer: "EAI_NONAME", module: scene.module, "\(unrelatedName) with hosts: files refocus")
            try expect(
                answers, answer: size == 0 ? "EAI_NONAME" : "100::1,192.0.2.1", module: scene.module, "\(blocked)")
            let added = median(with, \.median) - median(without, \.median)
            figures.added[size] = added
            baseline += without.map(\.median)
            let answer = size == 0 ? "not blocked (EAI_NONAME)" : "\(perCall(answers)) -> 100::1, 192.0.2.1"
            print(
                row([
                    size == 0 ? "no file" : "\(size.grouped) names", perCall(without), perCall(with), signed(added),
                    signed(median(with, \.first) - median(without, \.first)), answer,
                ]))
        }
        figures.withoutModule = Samples(baseline).median
        let (least, worst) = (figures.added.values.min() ?? 0, figures.added.values.max() ?? 0)
        print(
            "  reference: \(ResolverScene.listedName), answered 100::7, 192.0.2.7 by files from a 4-line /etc/hosts: \(perCall(listed))"
        )
        print(
            "  added from \(signed(least)) to \(signed(worst)) over every size"
                + (worst < target ? ": under the target" : ": OVER the target"))
        return figures
    }

    /// The unrelated name with `hosts: files` and the domains in the /etc/hosts section, expanded as ReFocus expands them.
    private static func measureHostsSection(
        _ scene: ResolverScene, _ domains: [DomainName], _ plan: Plan,
        module: ModuleFigures
    ) throws {
        let section = try ManagedSection(name: HostsSection.sectionName)
        let expansions = 1 + Policy.defaultSubdomains.count
        print(
            "the same lookup with the domains in the /etc/hosts section instead (hosts: files, no module; each domain with "
                + "\(Policy.defaultSubdomains.joined(separator: ", ")); two lines a name); added: to \(Measure.format(module.withoutModule)) "
                + "with a 4-line /etc/hosts")
        try scene.useServices("files")
        var perName = 0.0, bytesPerName = 0.0
        for size in plan.hostsSizes {
            let names = HostsSection.names(domains: domains.prefix(size))
            let file = try section.split(ResolverScene.minimalHosts).replacingBody(with: HostsSection.body(of: names))
            try scene.writeHosts(file)
            let probes = try (0..<plan.rounds).map { _ in
                try scene.probe(unrelatedName, count: plan.calls, seconds: plan.seconds)
            }
            try expect(probes, answer: "EAI_NONAME", module: "none", "\(unrelatedName) with the hosts section")
            let added = median(probes, \.median) - module.withoutModule
            perName = added / Double(names.count)
            bytesPerName = Double(file.count) / Double(names.count)
            let beside = module.added[size].map { "; the module adds \(signed($0)) at the same size" } ?? ""
            print(
                "  \(size.grouped.leftPadded(9)) domains, \(names.count.grouped) names, \(NameIndexWriteBench.mebibytes(file.count)): "
                    + "\(perCall(probes)), added \(signed(added))\(beside)")
        }
        try scene.writeHosts(ResolverScene.minimalHosts)
        if let largest = plan.hostsSizes.last, let beyond = plan.indexSizes.last, beyond > largest {
            let names = beyond * expansions
            print(
                "  \(beyond.grouped.leftPadded(9)) domains: not measured; the section would be about "
                    + "\(NameIndexWriteBench.mebibytes(Int(Double(names) * bytesPerName))), over the \(HostsSection.maximumBodyBytes >> 20) MiB ReFocus "
                    + "writes into /etc/hosts, and at \(String(format: "%.0f ns", perName * 1e9)) a name (the largest size's) "
                    + "a lookup would take about \(Measure.format(perName * Double(names)))")
        }
    }

    /// A line of the module's table.
    private static func row(_ cells: [String]) -> String {
        let widths = [17, 22, 22, 11, 18, 40]
        return "  " + cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined()
    }

    /// Fails unless every probe answered `answer` with `module` mapped: otherwise the figures compare nothing.
    static func expect(_ probes: [ResolverProbe.Result], answer: String, module: String, _ what: String) throws {
        for probe in probes where probe.answer != answer || probe.module != module {
            throw BenchError.checkFailed(
                "\(what): answered \(probe.answer) with module \(probe.module), "
                    + "expected \(answer) with module \(module)")
        }
    }

    static func median(_ probes: [ResolverProbe.Result], _ figure: KeyPath<ResolverProbe.Result, Double>)
        -> Double
    {
        Samples(probes.map { $0[keyPath: figure] }).median
    }

    /// `6.1 µs (9.0 µs)`: the medians of the probes' medians and p99s.
    static func perCall(_ probes: [ResolverProbe.Result]) -> String {
        "\(Measure.format(median(probes, \.median))) (\(Measure.format(median(probes, \.p99))))"
    }

    /// `+1.2 µs`, `-0.3 µs`.
    static func signed(_ seconds: Double) -> String {
        (seconds < 0 ? "-" : "+") + Measure.format(abs(seconds))
    }
}
