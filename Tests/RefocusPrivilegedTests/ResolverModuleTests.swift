import Foundation
import RefocusTestSupport
import Testing

/// libnss_refocus.so.2 as `make nss` builds it, loaded by glibc itself in a
/// sandbox that installs it as a package would (in the system's library
/// folder, named before `dns` in nsswitch.conf; see ResolverModuleSetUp):
/// getaddrinfo (gethostbyname4_r), gethostbyname2 and gethostbyname_r answer
/// the sinkhole for a blocked name, every name under it, and an IDN in its
/// ASCII form or, through glibc's own IDN conversion, its Unicode form;
/// every other name goes on to dns; a damaged, absent or untrusted index
/// blocks nothing and breaks no lookup; the machine's nsswitch.conf and
/// library folder stay as they were.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct ResolverModuleTests {
    static let sinkholes = "100::1 192.0.2.1"

    @Test func blockedNamesAndEveryNameUnderThemAnswerTheSinkhole() throws {
        let names = ["reddit.com", "a.b.c.reddit.com", "Old.Reddit.COM", "xn--bcher-kva.de", "www.xn--bcher-kva.de"]
        let run = try ResolverModuleSetUp.sandbox().run(
            ResolverModuleSetUp.functions + #"""
                echo "hosts line: $(grep '^hosts:' /etc/nsswitch.conf)"
                echo "module: $(stat -c '%U %a' "$RESOLVER_MODULE")"
                resolve ahosts reddit.com
                install_index "$WORK/names.idx"
                for name in \#(names.joined(separator: " ")); do
                  resolve ahosts "$name"
                  resolve hosts "$name"
                  byname "$name"
                done
                LC_ALL=C.UTF-8 resolve ahosts www.bücher.de
                """#, files: ["names.idx": try ResolverModuleSetUp.index("reddit.com", "bücher.de")])
        #expect(run.status == 0, "\(run.stderr)")
        let services = ResolverModuleSetUp.hostsServices(run.stdout)
        let refocus = try #require(services.firstIndex(of: "refocus"), "\(run.stdout)")
        #expect(refocus < (services.firstIndex(of: "dns") ?? -1), "\(services)")
        #expect(run.stdout.contains("module: root 644\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("ahosts reddit.com: 198.51.100.7 status 0\n"),
            "dns answers before the index: \(run.stdout)")
        for name in names {
            for fact in [
                "ahosts \(name): \(Self.sinkholes) status 0", "hosts \(name): 100::1 status 0",
                "byname \(name): \(name) aliases [] 192.0.2.1",
            ] {
                #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
            }
        }
        #expect(run.stdout.contains("ahosts www.bücher.de: \(Self.sinkholes) status 0\n"), "\(run.stdout)")
    }

    @Test func everyOtherNameGoesOnToDNS() throws {
        let run = try ResolverModuleSetUp.sandbox().run(
            ResolverModuleSetUp.functions + #"""
                install_index "$WORK/names.idx"
                for name in example.org notreddit.com; do
                  resolve ahosts "$name"
                  resolve hosts "$name"
                  byname "$name"
                done
                resolve ahosts nosuch.invalid
                resolve ahosts reddit.com
                """#, files: ["names.idx": try ResolverModuleSetUp.index("reddit.com", "bücher.de")])
        #expect(run.status == 0, "\(run.stderr)")
        for (name, address) in [("example.org", "198.51.100.9"), ("notreddit.com", "198.51.100.8")] {
            for fact in [
                "ahosts \(name): \(address) status 0", "hosts \(name): \(address) status 0",
                "byname \(name): \(name) aliases [] \(address)",
            ] {
                #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
            }
        }
        #expect(
            run.stdout.contains("ahosts nosuch.invalid: status 2\n"), "not found, as without the module: \(run.stdout)")
        #expect(run.stdout.contains("ahosts reddit.com: \(Self.sinkholes) status 0\n"), "\(run.stdout)")
    }

    @Test func aDamagedAbsentOrUntrustedIndexBlocksNothingAndBreaksNoLookup() throws {
        let intact = try ResolverModuleSetUp.index("reddit.com")
        var corrupt = intact
        corrupt[20] ^= 0x5A
        let run = try ResolverModuleSetUp.sandbox().run(
            ResolverModuleSetUp.functions + #"""
                check() { echo "$1: $(resolve ahosts reddit.com) | $(resolve ahosts example.org)"; }
                check absent
                install_index "$WORK/empty.idx"; check empty
                install_index "$WORK/truncated.idx"; check truncated
                install_index "$WORK/corrupt.idx"; check corrupt
                install_index "$WORK/names.idx"; chown nobody /run/refocus/names.idx; check "owned by nobody"
                chown root /run/refocus/names.idx; chmod 0666 /run/refocus/names.idx; check "mode 0666"
                chmod 0644 /run/refocus/names.idx; check intact
                """#,
            files: [
                "names.idx": intact, "empty.idx": [], "truncated.idx": Array(intact.prefix(intact.count / 2)),
                "corrupt.idx": corrupt,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let unblocked = "ahosts reddit.com: 198.51.100.7 status 0 | ahosts example.org: 198.51.100.9 status 0"
        for state in ["absent", "empty", "truncated", "corrupt", "owned by nobody", "mode 0666"] {
            #expect(run.stdout.contains("\(state): \(unblocked)\n"), "\(state): \(run.stdout)")
        }
        #expect(
            run.stdout.contains(
                "intact: ahosts reddit.com: \(Self.sinkholes) status 0 | ahosts example.org: 198.51.100.9 status 0\n"),
            "\(run.stdout)")
    }

    /// The sandbox's overlays take every change: the machine's nsswitch.conf
    /// keeps its bytes, and its library folder (the very folder the module
    /// went into in the sandbox) gets no module, or keeps the one it had.
    @Test func theMachinesNsswitchConfAndLibraryFolderStayAsTheyWere() throws {
        let libraryFolder = try Self.machineLibraryFolder()
        let installed = libraryFolder + "/libnss_refocus.so.2"
        let nsswitch = FileManager.default.contents(atPath: "/etc/nsswitch.conf")
        let module = FileManager.default.contents(atPath: installed)
        let run = try ResolverModuleSetUp.sandbox().run(
            ResolverModuleSetUp.functions + #"""
                echo "installed: $RESOLVER_MODULE"
                install_index "$WORK/names.idx"
                resolve ahosts reddit.com
                """#, files: ["names.idx": try ResolverModuleSetUp.index("reddit.com")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("installed: \(installed)\n"), "the machine's library folder: \(run.stdout)")
        #expect(run.stdout.contains("ahosts reddit.com: \(Self.sinkholes) status 0\n"), "\(run.stdout)")
        #expect(FileManager.default.contents(atPath: "/etc/nsswitch.conf") == nsswitch)
        #expect(FileManager.default.contents(atPath: installed) == module)
    }

    /// The folder of the libc.so.6 this process runs with, links resolved.
    static func machineLibraryFolder() throws -> String {
        let maps = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? maps.close() }
        let text = String(decoding: try maps.readToEnd() ?? Data(), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasSuffix("/libc.so.6") })
        let path = try #require(line.firstIndex(of: "/").map { String(line[$0...]) })
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
    }
}
