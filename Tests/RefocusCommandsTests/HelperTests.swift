import Foundation
import Glibc
import RefocusCore
import RefocusTestSupport
import Testing

/// `refocus-helper` in this build: a version, and a refusal without root.
@Suite struct HelperTests {
    @Test func printsItsVersion() throws {
        let helper = try Binary("refocus-helper")
        defer { helper.cleanUp() }
        #expect(try helper("--version").stdout == RefocusVersion.string + "\n")
    }

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root and setpriv to run the helper as the unprivileged user nobody"))
    func refusesAnUnprivilegedUser() throws {
        let helper = try Binary("refocus-helper")
        defer { helper.cleanUp() }
        chmod(helper.home, 0o755)
        let run = try helper.run([], prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(run.status == 77)
        #expect(run.stderr.contains("must run as root"))
    }

    /// Run by whoever runs the tests: root is asked for a verb (usage, 64), anyone else refused (77).
    @Test func withoutAVerbRootIsAskedForOneAndAnyoneElseRefused() throws {
        let helper = try Binary("refocus-helper")
        defer { helper.cleanUp() }
        let run = try helper.run([])
        if getuid() == 0 {
            #expect(run.status == 64, "\(run.stderr)")
            #expect(
                run.stderr
                    == "refocus-helper: name a verb: start, stop, pace, status, history, focus, allowance, reconcile, clear, "
                    + "nsswitch, daemon, run-hook, fleet or report (see --help)\n"
            )
        } else {
            #expect(run.status == 77, "\(run.stderr)")
            #expect(run.stderr.contains("must run as root"), "\(run.stderr)")
        }
    }
}
