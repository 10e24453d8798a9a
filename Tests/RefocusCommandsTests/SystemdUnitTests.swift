import Foundation
import RefocusTestSupport
import Testing

/// `packaging/systemd/refocus.service` passes `systemd-analyze verify` with
/// nothing to say, in a scratch root holding the built helper where the
/// unit expects it.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
        "needs systemd-analyze (make test installs systemd)"))
struct SystemdUnitTests {
    static let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging/systemd/refocus.service").path

    /// Verifies `text` as the unit; returns the status and everything printed.
    static func verify(_ text: String) throws -> (Int32, String) {
        let root = NSTemporaryDirectory() + "refocus-unit-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/usr/libexec/refocus", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/etc/systemd/system", withIntermediateDirectories: true)
        try manager.copyItem(
            atPath: Binary.buildDirectory + "/refocus-helper",
            toPath: root + "/usr/libexec/refocus/refocus-helper")
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/etc/systemd/system/refocus.service"))
        let run = try Binary.execute(
            "/usr/bin/systemd-analyze",
            ["verify", "--man=no", "--root=" + root, "/etc/systemd/system/refocus.service"])
        return (run.status, run.stdout + run.stderr)
    }

    @Test func theUnitVerifiesCleanly() throws {
        let text = try String(contentsOfFile: Self.unit, encoding: .utf8)
        let (status, output) = try Self.verify(text)
        #expect(status == 0 && output.isEmpty, "\(output)")
        #expect(text.contains("Before=network-pre.target"), "blocks must be in place before the network")
        #expect(text.contains("Restart=always"))
        #expect(text.contains("Type=notify\nNotifyAccess=main\n"), "network-pre.target waits for the first reconcile")
        #expect(text.contains("ExecStart=/usr/libexec/refocus/refocus-helper daemon --take-over"))
    }

    @Test func aMistakeInTheUnitIsReported() throws {
        let text = try String(contentsOfFile: Self.unit, encoding: .utf8)
        let (_, output) = try Self.verify(text.replacingOccurrences(of: "Type=notify", with: "Typo=notify"))
        #expect(output.contains("Unknown key"), "the check must be able to fail: \(output)")
    }
}
