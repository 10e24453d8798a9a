import Foundation
import Glibc

/// Test support: the NSS module `libnss_refocus.so.2` as `make nss` builds
/// it into the package's `.build/nss/`, for sandboxes that install it
/// (`Sandbox(resolverModule:)`). When the library is missing or older than
/// one of its sources, the first test that asks for `unavailableReason`
/// runs `make --no-print-directory nss` in the package's root, once per test
/// process (CI's `make test` has built it before); when that cannot be
/// done, `unavailableReason` says why, for the test to skip with it. Asked
/// from a test's body, not from a trait: traits are made for every test,
/// even those a filter leaves out.
public enum BuiltResolverModule {
    /// The package's root: the folder two levels above this file's.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Where `make nss` puts the library.
    public static let path = packageRoot + "/.build/nss/libnss_refocus.so.2"

    /// The folders of the library's sources, as the Makefile's NSS_SOURCES names them.
    static let sourceFolders = [
        "Sources/CNameIndex", "Sources/CNameIndex/include", "Sources/CNSSRefocus",
        "Sources/CNSSRefocus/include",
    ]

    /// Why the library cannot be had, or nil when it is built and up to date
    /// (built by this call when it was missing or stale).
    public static let unavailableReason: String? = build()

    /// Builds the library when it is missing or stale; nil when it is then up to date, else why not.
    static func build() -> String? {
        guard FileManager.default.fileExists(atPath: packageRoot + "/Package.swift") else {
            return "needs the package's sources for libnss_refocus.so.2 (no Package.swift in \(packageRoot))"
        }
        guard let stale = staleness() else { return nil }
        let run: Binary.Run
        do {
            run = try Binary.execute("/usr/bin/env", ["make", "--no-print-directory", "-C", packageRoot, "nss"])
        } catch {
            return "libnss_refocus.so.2 is \(stale), and make could not run: \(error)"
        }
        let output = (run.stdout + run.stderr).split(separator: "\n").suffix(5).joined(separator: "\n")
        guard run.status == 0 else {
            return "libnss_refocus.so.2 is \(stale), and make nss failed (\(run.status)): \(output)"
        }
        return staleness().map { "libnss_refocus.so.2 is still \($0) after make nss: \(output)" }
    }

    /// Why the library must be built ("missing", "older than …"), or nil when it is up to date.
    static func staleness() -> String? {
        guard let built = modified(path) else { return "missing (\(path))" }
        for folder in sourceFolders {
            let directory = packageRoot + "/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasSuffix(".c") || name.hasSuffix(".h") {
                if let source = modified(directory + "/" + name), source > built {
                    return "older than \(folder)/\(name)"
                }
            }
        }
        return nil
    }

    /// A file's modification time in nanoseconds, or nil when it is absent.
    private static func modified(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
    }
}
