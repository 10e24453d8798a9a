import Foundation
import Glibc
import RefocusTestSupport
import Testing

/// `refocus-helper` in this build: a version, and a refusal without root.
@Suite struct HelperTests {
    @Test func printsItsVersion() throws {
        let helper = try Binary("refocus-helper")
        defer { helper.cleanUp() }
        #expect(try helper("--version").stdout == "0.1.0\n")
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root and setpriv to run the helper as the unprivileged user nobody"))
    func refusesAnUnprivilegedUser() throws {
        let helper = try Binary("refocus-helper")
        defer { helper.cleanUp() }
        chmod(helper.home, 0o755)
        let run = try helper.run([], prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(run.status == 77)
        #expect(run.stderr.contains("must run as root"))
    }

    @Test func refusesWithoutRootWhenTheTestsAreUnprivileged() throws {
        // The same check from the other side: whoever runs the tests, a non-root run is refused.
        let helper = try Binary("refocus-helper")
        defer { helper.cleanUp() }
        let run = try helper.run([])
        #expect(run.status == (getuid() == 0 ? 64 : 77))
    }
}
