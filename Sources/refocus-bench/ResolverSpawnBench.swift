import Foundation
import RefocusCore
import RefocusOS
import RefocusPlanning

/// What every new process pays: `getent hosts example.org` (two
/// gethostbyname2 lookups) and `getent ahosts example.org` (one
/// getaddrinfo), from spawn to exit, with `hosts: files` against
/// `hosts: files refocus` and the list's names in the index (each new
/// process loads the module and maps the index anew), interleaved, the order
/// alternating; then `getent hosts` with the same list in the /etc/hosts
/// section instead, as ReFocus would write it. Runs in `ResolverScene`.
enum ResolverSpawnBench {
    static let name = "example.org"

    static func run(_ scene: ResolverScene, list: [DomainName], blocked: String, runs: Int, hostsRuns: Int) throws {
        try scene.index.apply(NameIndex(blocking: list))
        try scene.writeHosts(ResolverScene.minimalHosts)
        try scene.useServices("files refocus")
        let answer = try ForegroundProcess.run(["/usr/bin/getent", "hosts", blocked], input: Data())
        guard answer.status == 0, String(decoding: answer.standardOutput, as: UTF8.self).hasPrefix("100::1 ") else {
            throw BenchError.checkFailed(
                "getent hosts \(blocked) did not answer 100::1 from the module: status \(answer.status)")
        }
        print(
            "getent \(name), spawn to exit, \(runs) runs a side interleaved, LD_LIBRARY_PATH set on both sides; "
                + "the index holds the list's \(list.count.grouped) names (getent hosts \(blocked): 100::1 from the module):"
        )
        for database in ["hosts", "ahosts"] {
            let getent = TimedSpawn("/usr/bin/getent", [database, name])
            var without: [Double] = [], with: [Double] = []
            for run in 0..<runs {
                for services in run % 2 == 0 ? ["files", "files refocus"] : ["files refocus", "files"] {
                    try scene.useServices(services)
                    let time = try notFound(getent)
                    if services == "files" { without.append(time) } else { with.append(time) }
                }
            }
            let (a, b) = (Samples(without), Samples(with))
            print(
                "  getent \(database) \(name): hosts: files \(spread(a)); hosts: files refocus \(spread(b)); "
                    + "added \(ResolverBench.signed(b.median - a.median))"
                    + String(format: " (%.2f× the time)", b.median / a.median))
        }
        let names = HostsSection.names(domains: list)
        let section = try ManagedSection(name: HostsSection.sectionName)
        let file = try section.split(ResolverScene.minimalHosts).replacingBody(with: HostsSection.body(of: names))
        try scene.writeHosts(file)
        try scene.useServices("files")
        let getent = TimedSpawn("/usr/bin/getent", ["hosts", name])
        let hosts = try Samples((0..<hostsRuns).map { _ in try notFound(getent) })
        print(
            "  the same list in the /etc/hosts section instead (\(names.count.grouped) names, "
                + "\(NameIndexWriteBench.mebibytes(file.count))), hosts: files, \(hostsRuns) runs: getent hosts \(name) \(spread(hosts))"
        )
        try scene.writeHosts(ResolverScene.minimalHosts)
        try scene.index.apply(nil)
    }

    /// One run of `getent`, which must find nothing (exit 2); its time.
    private static func notFound(_ getent: TimedSpawn) throws -> Double {
        let run = try getent.run()
        guard run.status == 2 else {
            throw BenchError.checkFailed("getent \(getent.arguments) exited with \(run.status), not 2")
        }
        return run.seconds
    }

    /// `median 1.20 ms, p90 1.50 ms`.
    private static func spread(_ times: Samples) -> String {
        "median \(Measure.format(times.median)), p90 \(Measure.format(times.percentile(0.9)))"
    }
}
