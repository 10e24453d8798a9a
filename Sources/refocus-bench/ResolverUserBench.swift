import Glibc
import RefocusCore
import RefocusPlanning

/// `refocus-bench resolver`'s per-user rows: the module's answer from a
/// per-user entry against its plain answer, in the same run, interleaved,
/// with one index of 1,000 names for everyone and two blocked for one
/// user each. A name blocked for this process's uid answers the sinkhole
/// as a name blocked for everyone does, plus the uid asked (getuid(), and
/// one stat of /proc/self/ns/user); a name blocked for another uid only
/// is passed to the next service, as an unrelated name is. Target: the
/// per-user answer adds under 2 µs (issue 33).
enum ResolverUserBench {
    /// The target for the time a per-user entry adds, in seconds.
    static let target = 2e-6

    /// The two pairs measured: the per-user answer against the plain one,
    /// and the passed name against the unrelated one; each side's probes.
    static func run(_ scene: ResolverScene, _ domains: [DomainName], _ plan: ResolverBench.Plan) throws {
        let size = min(1_000, domains.count - 3)
        let own = UInt32(getuid()), other = UInt32(getuid()) &+ 4_242
        let (plain, mine, theirs) = (domains[0], domains[1], domains[2])
        try scene.index.apply(
            NameIndex(blocking: [plain] + domains[3..<(3 + size)], users: [own: [mine], other: [theirs]]))
        try scene.useServices("files refocus")
        let cases = [
            ("blocked for everyone", ResolverBench.blockedName(plain), "100::1,192.0.2.1"),
            ("blocked for this uid \(own)", ResolverBench.blockedName(mine), "100::1,192.0.2.1"),
            ("unrelated", ResolverBench.unrelatedName, "EAI_NONAME"),
            ("blocked for uid \(other) only", ResolverBench.blockedName(theirs), "EAI_NONAME"),
        ]
        var probes = [[ResolverProbe.Result]](repeating: [], count: cases.count)
        for _ in 0..<plan.rounds {
            for (index, entry) in cases.enumerated() {
                probes[index].append(try scene.probe(entry.1, count: plan.calls, seconds: plan.seconds))
            }
        }
        for (index, entry) in cases.enumerated() {
            try ResolverBench.expect(probes[index], answer: entry.2, module: scene.module, entry.1)
        }
        print(
            "per-user entries (hosts: files refocus, \((size + 1).grouped) names for everyone, one for this uid, one "
                + "for another): the same getaddrinfo, \(cases[0].1)-style deep names; target: < "
                + "\(Measure.format(target)) added")
        for (index, entry) in cases.enumerated() {
            print(
                "  \(entry.0.padding(toLength: 30, withPad: " ", startingAt: 0))\(ResolverBench.perCall(probes[index]))"
            )
        }
        let answered = ResolverBench.median(probes[1], \.median) - ResolverBench.median(probes[0], \.median)
        let passed = ResolverBench.median(probes[3], \.median) - ResolverBench.median(probes[2], \.median)
        print(
            "  getaddrinfo (noisy at this scale): the per-user answer adds \(ResolverBench.signed(answered)) to the plain answer"
                + "; another uid's entry adds \(ResolverBench.signed(passed)) to an unrelated name's lookup")
        let direct = try ResolverUserCallBench.measure(
            module: scene.module, names: cases.map { ($0.1, $0.2 != "EAI_NONAME") }, calls: plan.calls,
            rounds: max(plan.rounds, 5))
        print(
            "  the module's gethostbyname4_r called in-process, the median of batches of \(plan.calls.grouped) calls:")
        for (index, entry) in cases.enumerated() {
            print("    \(entry.0.padding(toLength: 28, withPad: " ", startingAt: 0))\(Measure.format(direct[index]))")
        }
        print(
            "    the per-user answer adds \(ResolverBench.signed(direct[1] - direct[0])) to the plain answer"
                + (direct[1] - direct[0] < target ? " (under the target)" : " (OVER the target)")
                + "; another uid's entry adds \(ResolverBench.signed(direct[3] - direct[2])) to an unrelated name")
    }
}
