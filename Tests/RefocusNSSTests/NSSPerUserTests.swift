import CNSSRefocus
import Glibc
import RefocusCore
import RefocusPlanning
import Testing

extension NSSModuleTests {
    /// The module's answers with per-user entries, for this process (root,
    /// in the initial user namespace): a name blocked for its uid answers
    /// the sinkhole; one blocked for another uid only goes on to the next
    /// service, unless a parent blocks it for everyone.
    @Suite struct PerUser {
        static func index(users: [UInt32: [String]], everyone: [String] = []) throws -> NameIndex {
            NameIndex(
                blocking: try everyone.map { try DomainName(validating: $0) },
                users: try users.mapValues { Set(try $0.map { try DomainName(validating: $0) }) })
        }

        @Test func aNameBlockedForThisProcesssUidAnswersTheSinkholeAndForAnotherOnlyDoesNot() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            let own = UInt32(getuid()), other = UInt32(getuid()) + 4242
            try folder.install(
                try Self.index(
                    users: [own: ["mine.example"], other: ["theirs.example", "a.social.example"]],
                    everyone: ["social.example"]
                ).bytes)
            for name in ["mine.example", "www.mine.example", "a.social.example", "b.a.social.example"] {
                let answer = Module.byName4(folder.path, name, buffer: GuardedBuffer(count: roomy))
                #expect(answer.summary == "SUCCESS 0 NETDB_SUCCESS \(name) \(sinkholes)", "\(name)")
                #expect(answer.problems.isEmpty, "\(answer)")
            }
            for name in ["theirs.example", "www.theirs.example", "example"] {
                let answer = Module.byName4(folder.path, name, buffer: GuardedBuffer(count: roomy))
                #expect(answer.summary == notFound, "\(name)")
                let ipv4 = Module.byName3(folder.path, name, family: AF_INET, buffer: GuardedBuffer(count: roomy))
                #expect(ipv4.summary == notFound, "\(name)")
            }
        }
    }
}
