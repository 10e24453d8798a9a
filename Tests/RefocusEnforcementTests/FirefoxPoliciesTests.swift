import Foundation
import RefocusCore
import RefocusOS
import Testing
@testable import RefocusEnforcement
import RefocusTestSupport
@testable import RefocusPlanning

/// Firefox's policies.json under a temporary root with Firefox "installed"
/// (its probe file): merged into the administrator's file, the
/// administrator's bytes restored exactly (or the file removed), an edit
/// during the session kept, invalid JSON never overwritten, a crash between
/// saving the original and writing survived.
@Suite struct FirefoxPoliciesTests {
    static func policy(_ hosts: [String] = ["reddit.com"]) throws -> FirefoxPolicy {
        FirefoxPolicy(hosts: try hosts.map { try DomainName(validating: $0) }, turnsDoHOff: true)
    }

    static func root() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/usr/lib/firefox-esr", withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(atPath: folder.path + "/usr/lib/firefox-esr/firefox-esr", contents: Data()))
        return folder
    }

    static func put(_ text: String, in policies: FirefoxPolicies) throws {
        try FileManager.default.createDirectory(
            atPath: AtomicFile.parentDirectory(of: policies.file),
            withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: policies.file, contents: Data(text.utf8)))
    }

    static let telemetryOff = #"{"policies": {"DisableTelemetry": true}}"#

    /// A root with Firefox, the administrator's file `admin`, and a session's policy merged into it.
    static func inSession(admin: String) throws -> (TemporaryFolder, FirefoxPolicies) {
        let folder = try root()
        let policies = FirefoxPolicies(root: folder.path)
        try put(admin, in: policies)
        policies.apply(try policy())
        return (folder, policies)
    }

    static func contents(_ policies: FirefoxPolicies) -> String? {
        FileManager.default.contents(atPath: policies.file).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [
        nil, "{}", "{\n\t\"policies\" : {\"DisableTelemetry\":true} , \"x\": [1, 2.0e3]}  \n",
        #"{"policies": {"WebsiteFilter": {"Block": ["*://*.a.test/*"], "Exceptions": ["*://*.a.test/ok*"]}}}"#,
    ])
    func mergedDuringTheSessionAndRestoredByteForByte(admin: String?) throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let policies = FirefoxPolicies(root: folder.path)
        if let admin { try Self.put(admin, in: policies) }
        let outcome = policies.apply(try Self.policy())
        #expect(outcome.changed && outcome.holding && outcome.problems.isEmpty)
        let during = try #require(Self.contents(policies))
        #expect(during.contains("\"*://*.reddit.com/*\"") && during.contains("\"Locked\": true"))
        if let admin, admin.contains("DisableTelemetry") { #expect(during.contains("\"DisableTelemetry\": true")) }
        if let admin, admin.contains("Exceptions") { #expect(during.contains("\"*://*.a.test/ok*\"")) }
        let mode = try FileManager.default.attributesOfItem(atPath: policies.file)[.posixPermissions] as? Int
        #expect(admin != nil || mode == 0o644)
        #expect(!policies.apply(try Self.policy()).changed)  // idempotent

        #expect(policies.apply(nil).changed)
        #expect(Self.contents(policies) == admin)
        #expect(!FileManager.default.fileExists(atPath: policies.original))
        #expect(admin != nil || !FileManager.default.fileExists(atPath: folder.path + "/etc/firefox"))
        #expect(!policies.apply(nil).changed)
    }

    @Test func invalidJSONIsNeverOverwrittenAndNamesItsLine() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let policies = FirefoxPolicies(root: folder.path)
        let admin = "{\n  \"policies\": {\n    \"A\": tru\n  }\n}\n"
        try Self.put(admin, in: policies)
        let outcome = policies.apply(try Self.policy())
        #expect(!outcome.changed && !outcome.holding)
        #expect(outcome.problems.count == 1 && outcome.problems.first?.contains("line 3") == true)
        #expect(Self.contents(policies) == admin)
        policies.apply(nil)
        #expect(Self.contents(policies) == admin)
    }

    @Test func anAdministratorsEditDuringTheSessionIsKeptAndMergedAgain() throws {
        let (folder, policies) = try Self.inSession(admin: Self.telemetryOff)
        defer { folder.remove() }
        let edited = "{\"policies\": {\"DisablePocket\": true}}\n"
        try Self.put(edited, in: policies)
        #expect(policies.apply(try Self.policy()).changed)
        let during = try #require(Self.contents(policies))
        #expect(
            during.contains("DisablePocket") && !during.contains("DisableTelemetry") && during.contains("reddit.com"))
        policies.apply(nil)
        #expect(Self.contents(policies) == edited)
    }

    @Test func aDeletedFileIsMergedAgainFromTheSavedOriginal() throws {
        let (folder, policies) = try Self.inSession(admin: Self.telemetryOff)
        defer { folder.remove() }
        let admin = Self.telemetryOff
        try FileManager.default.removeItem(atPath: policies.file)
        #expect(policies.apply(try Self.policy()).changed)
        #expect(Self.contents(policies)?.contains("DisableTelemetry") == true)
        policies.apply(nil)
        #expect(Self.contents(policies) == admin)
    }

    @Test func aCrashAfterSavingTheOriginalBeforeWritingIsSurvived() throws {
        let (folder, policies) = try Self.inSession(admin: Self.telemetryOff)
        defer { folder.remove() }
        let admin = Self.telemetryOff
        let merged = try #require(Self.contents(policies))
        // As if the helper died after saving the original and `written`, before replacing the file.
        try Self.put(admin, in: policies)
        #expect(policies.apply(try Self.policy()).changed)
        #expect(Self.contents(policies) == merged)
        policies.apply(nil)
        #expect(Self.contents(policies) == admin)
        // And died before `written` was saved: restore leaves the administrator's file as it is.
        policies.apply(try Self.policy())
        try FileManager.default.removeItem(atPath: policies.written)
        try Self.put(admin, in: policies)
        policies.apply(nil)
        #expect(Self.contents(policies) == admin)
    }

    /// Firefox reads its install folder's file only when /etc has none: ours
    /// carries that file's policies, and the install folder's file is untouched.
    @Test func withoutAFileInEtcTheInstallFoldersPoliciesAreKept() throws {
        let folder = try Self.root()
        defer { folder.remove() }
        let policies = FirefoxPolicies(root: folder.path)
        let distribution = folder.path + "/usr/lib/firefox-esr/distribution/policies.json"
        try FileManager.default.createDirectory(
            atPath: AtomicFile.parentDirectory(of: distribution),
            withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: distribution, contents: Data(Self.telemetryOff.utf8)))
        policies.apply(try Self.policy())
        let during = try #require(Self.contents(policies))
        #expect(during.contains("\"DisableTelemetry\": true") && during.contains("reddit.com"))
        policies.apply(nil)
        #expect(Self.contents(policies) == nil)
        #expect(FileManager.default.contents(atPath: distribution) == Data(Self.telemetryOff.utf8))
    }

    @Test func noFirefoxNoFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let policies = FirefoxPolicies(root: folder.path)
        #expect(!policies.apply(try Self.policy()).holding)
        #expect(!FileManager.default.fileExists(atPath: policies.file))
    }
}
