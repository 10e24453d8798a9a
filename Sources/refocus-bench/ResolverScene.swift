import Foundation
import Glibc
import RefocusEnforcement
import RefocusOS

/// The private world `ResolverBench` measures in: a mount namespace of its
/// own (`unshare --mount --propagation private`), with tmpfs on /run (the
/// index goes to its real path, /run/refocus/names.idx) and an overlay on
/// /etc whose upper layer is in that tmpfs, so that /etc/hosts and
/// /etc/nsswitch.conf are written as any file while the host's are never
/// touched. The module is the one `make nss` built, found by every child
/// through LD_LIBRARY_PATH (glibc's dlopen of `libnss_refocus.so.2`
/// searches it), set alike whether nsswitch.conf names the module or not.
/// Needs root.
struct ResolverScene {
    /// Set in the environment of the run inside the namespace.
    static let insideVariable = "REFOCUS_BENCH_RESOLVER_NAMESPACE"
    /// The hosts file of every measurement without a section: localhost and one listed name.
    static let minimalHosts = Array(
        """
        127.0.0.1 localhost
        ::1 localhost ip6-localhost ip6-loopback
        192.0.2.7 \(listedName)
        100::7 \(listedName)

        """.utf8)
    /// A name that /etc/hosts answers with two addresses, as the module
    /// answers a blocked name: the reference for a blocked name's answer
    /// (glibc sorts two addresses by RFC 6724, at some cost).
    static let listedName = "listed-name.test"

    /// The module's file, as the probes must find it mapped.
    let module: String
    /// This program, which runs the probes.
    let executable: String
    /// The index the module reads.
    let index = NameIndexFile()

    /// Runs this program again with `arguments` in a mount namespace of its own.
    static func reenter(arguments: [String]) throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--mount", "--propagation", "private", "--", executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([insideVariable: "1"]) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.referenceFailed("the resolver benchmark") }
    }

    /// Inside the namespace: the mounts, a minimal /etc/hosts, `hosts: files`, LD_LIBRARY_PATH.
    static func enter() throws -> ResolverScene {
        guard ProcessInfo.processInfo.environment[insideVariable] != nil else {
            throw BenchError.checkFailed("the resolver benchmark mounts only inside its own mount namespace")
        }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let module = try findModule(from: executable)
        try Measure.shell(
            """
            set -e
            mount -t tmpfs -o mode=0755 tmpfs /run
            mkdir -p /run/refocus-bench/upper /run/refocus-bench/work
            mount -t overlay overlay -o lowerdir=/etc,upperdir=/run/refocus-bench/upper,workdir=/run/refocus-bench/work /etc
            """)
        setenv("LD_LIBRARY_PATH", URL(fileURLWithPath: module).deletingLastPathComponent().path, 1)
        let scene = ResolverScene(module: module, executable: executable)
        try scene.writeHosts(minimalHosts)
        try scene.useServices("files")
        return scene
    }

    /// The module `make nss` built: `nss/libnss_refocus.so.2` in a folder
    /// above this program (`.build/nss`), or under `.build` of the current folder.
    private static func findModule(from executable: String) throws -> String {
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var candidates: [String] = []
        while folder.path != "/" {
            candidates.append(folder.path + "/nss/libnss_refocus.so.2")
            folder.deleteLastPathComponent()
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/.build/nss/libnss_refocus.so.2")
        guard let found = candidates.first(where: { access($0, R_OK) == 0 }) else {
            throw BenchError.referenceFailed("no libnss_refocus.so.2 in .build/nss: build it first (make nss)")
        }
        return URL(fileURLWithPath: found).resolvingSymlinksInPath().path
    }

    /// Makes the hosts database `services` (`files`, `files refocus`).
    func useServices(_ services: String) throws {
        try Data("passwd: files\ngroup: files\nhosts: \(services)\n".utf8)
            .write(to: URL(fileURLWithPath: "/etc/nsswitch.conf"))
    }

    /// Makes /etc/hosts hold `bytes`.
    func writeHosts(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: "/etc/hosts"))
    }

    /// A probe of `name` in a child process (`ResolverProbe`): `count` calls, or `seconds`.
    func probe(_ name: String, count: Int, seconds: Double) throws -> ResolverProbe.Result {
        let output = try ForegroundProcess.run(
            [executable, "resolver-probe", name, "\(count)", "\(seconds)"], input: Data())
        let text = String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard output.status == 0, let result = ResolverProbe.Result(line: text) else {
            throw BenchError.referenceFailed(
                "resolver-probe \(name): status \(output.status): \(text) "
                    + String(decoding: output.standardError, as: UTF8.self))
        }
        return result
    }
}
