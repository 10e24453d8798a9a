import CNameIndex
import Foundation
import Glibc
import RefocusCore
import Testing
import RefocusPlanning

extension NSSModuleTests {
    /// Which files the module believes, and how it follows them: only a
    /// regular file of root's that neither group nor others may write, and
    /// that is an index it understands, blocks anything, and that is checked
    /// again at every lookup; a file damaged in any way blocks nothing and
    /// crashes nothing; a new index renamed into place answers at the next
    /// lookup, and the mapping of the old one is released.
    @Suite struct IndexFiles {
        /// nobody, as Debian numbers it.
        static let nobody: uid_t = 65534

        /// What a 4 and a 3 lookup of `name` answer, side by side.
        static func answers(_ folder: IndexFolder, _ name: String) -> String {
            let both = Module.byName4(folder.path, name, buffer: GuardedBuffer(count: roomy))
            let ipv4 = Module.byName3(folder.path, name, family: AF_INET, buffer: GuardedBuffer(count: roomy))
            return [both, ipv4].map(\.description).joined(separator: " | ")
        }

        static func blocked(_ name: String) -> String {
            "SUCCESS 0 NETDB_SUCCESS \(name) \(sinkholes) | SUCCESS 0 NETDB_SUCCESS \(name) 192.0.2.1"
        }

        static let nothing = notFound + " | " + notFound

        @Test func aReplacedIndexAnswersAtOnceAndTheOldMappingIsReleased() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "first.example")
            #expect(Self.answers(folder, "www.first.example") == Self.blocked("www.first.example"))
            #expect(Self.answers(folder, "second.example") == Self.nothing)
            let first = try folder.inode()
            #expect(try folder.isMapped(inode: first), "the first index is mapped after a lookup")

            try folder.install(blocking: "second.example")
            let second = try folder.inode()
            #expect(second != first)
            #expect(Self.answers(folder, "second.example") == Self.blocked("second.example"))
            #expect(Self.answers(folder, "www.first.example") == Self.nothing)
            #expect(try !folder.isMapped(inode: first), "the replaced index is unmapped")
            #expect(try folder.isMapped(inode: second))

            try FileManager.default.removeItem(atPath: folder.path)
            #expect(Self.answers(folder, "second.example") == Self.nothing)
            #expect(try !folder.isMapped(inode: second), "a removed index is unmapped")
        }

        @Test(
            arguments: [(nobody, 0o644), (0, 0o666), (0, 0o664), (0, 0o646), (0, 0o622), (nobody, 0o600)]
                as [(uid_t, mode_t)])
        func aFileNotOwnedByRootOrWritableByOthersBlocksNothing(owner: uid_t, mode: mode_t) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(IndexFolder.index(blocking: "reddit.com").bytes, mode: mode)
            try IndexFolder.check("chown", folder.path, chown(folder.path, owner, owner))
            #expect(Self.answers(folder, "reddit.com") == Self.nothing)
        }

        @Test(arguments: [0o644, 0o600, 0o444, 0o640] as [mode_t])
        func rootsOwnFileBlocks(mode: mode_t) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(IndexFolder.index(blocking: "reddit.com").bytes, mode: mode)
            #expect(Self.answers(folder, "reddit.com") == Self.blocked("reddit.com"))
        }

        /// The mapped file itself given away or opened to others: the next
        /// lookup no longer believes it, although it is the same file.
        @Test func ownerAndModeAreCheckedAtEveryLookup() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            try folder.install(blocking: "reddit.com")
            #expect(Self.answers(folder, "reddit.com") == Self.blocked("reddit.com"))
            try IndexFolder.check("chown", folder.path, chown(folder.path, Self.nobody, Self.nobody))
            #expect(Self.answers(folder, "reddit.com") == Self.nothing, "owned by nobody")
            try IndexFolder.check("chown", folder.path, chown(folder.path, 0, 0))
            #expect(Self.answers(folder, "reddit.com") == Self.blocked("reddit.com"), "root's again")
            try IndexFolder.check("chmod", folder.path, chmod(folder.path, 0o666))
            #expect(Self.answers(folder, "reddit.com") == Self.nothing, "0666")
        }

        /// A link is never followed (the module opens with O_NOFOLLOW): not
        /// when it is new, and not when it names the very file that was
        /// mapped before, which the identity check alone would accept.
        @Test func aLinkInTheIndexsPlaceBlocksNothing() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            let target = folder.directory + "/real.idx"
            try folder.install(blocking: "reddit.com")
            #expect(Self.answers(folder, "reddit.com") == Self.blocked("reddit.com"), "mapped")
            try IndexFolder.check("rename", target, rename(folder.path, target))
            try IndexFolder.check("symlink", folder.path, symlink(target, folder.path))
            #expect(Self.answers(folder, "reddit.com") == Self.nothing, "the mapped file behind a link")

            let other = try IndexFolder()
            defer { other.remove() }
            try other.install(blocking: "example.org")
            #expect(Self.answers(other, "example.org") == Self.blocked("example.org"), "another file mapped")
            #expect(Self.answers(folder, "reddit.com") == Self.nothing, "a link, the mapping another file's")
        }

        /// The mapped file itself truncated or overwritten (not renamed over,
        /// as the helper never does, but as a hand might): the next lookup
        /// looks at the file before the mapping, so it never reads past the
        /// file's new end (SIGBUS), and blocks nothing.
        @Test func theMappedFileChangedInPlaceBlocksNothingAndCrashesNothing() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            // Many pages, so that the old mapping reaches past the new end of the file.
            let names =
                try (0..<2_000).map { try DomainName(validating: "name\($0).example") } + [
                    DomainName(validating: "reddit.com")
                ]
            let bytes = NameIndex(blocking: names).bytes
            #expect(bytes.count > 8 * Int(getpagesize()))
            for change in ["truncated to 100 bytes", "truncated to nothing", "zeroed"] {
                try folder.install(bytes)
                #expect(Self.answers(folder, "reddit.com") == Self.blocked("reddit.com"), "\(change): mapped")
                let inode = try folder.inode()
                switch change {
                case "truncated to 100 bytes":
                    try IndexFolder.check("truncate", folder.path, truncate(folder.path, 100))
                case "truncated to nothing": try IndexFolder.check("truncate", folder.path, truncate(folder.path, 0))
                default: try Data(repeating: 0, count: bytes.count).write(to: URL(fileURLWithPath: folder.path))
                }
                #expect(try folder.inode() == inode, "\(change): the same file")
                #expect(Self.answers(folder, "reddit.com") == Self.nothing, "\(change)")
            }
        }

        /// Damaged files as a crash, a full disk or a hand would leave them.
        @Test(arguments: [
            "absent", "empty", "header only", "63 bytes", "half", "one byte more", "random bytes",
            "a directory", "a fifo", "an index of another version",
        ])
        func aDamagedIndexBlocksNothingAndNothingFails(damage: String) throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            let bytes = try IndexFolder.index(blocking: "reddit.com", "example.net").bytes
            switch damage {
            case "absent": break
            case "empty": try folder.install([])
            case "header only": try folder.install(Array(bytes.prefix(64)))
            case "63 bytes": try folder.install(Array(bytes.prefix(63)))
            case "half": try folder.install(Array(bytes.prefix(bytes.count / 2)))
            case "one byte more": try folder.install(bytes + [0])
            case "random bytes": try folder.install((0..<bytes.count).map { _ in UInt8.random(in: 0...255) })
            case "a directory": try IndexFolder.check("mkdir", folder.path, mkdir(folder.path, 0o755))
            case "a fifo": try IndexFolder.check("mkfifo", folder.path, mkfifo(folder.path, 0o644))
            default:
                // The next version with its header's checksum right: only the version is wrong.
                var other = bytes
                other[8] = UInt8(RF_NAMES_VERSION + 1)
                let checked = MemoryLayout<rf_names_header>.offset(of: \.header_checksum) ?? 56
                #expect(
                    withUnsafeBytes(of: rf_names_checksum(bytes, checked), Array.init)
                        == Array(bytes[checked..<(checked + 8)]),
                    "the checksum is computed as the module checks it")
                var checksum = rf_names_checksum(other, checked)
                withUnsafeBytes(of: &checksum) { other.replaceSubrange(checked..<(checked + 8), with: $0) }
                try folder.install(other)
            }
            for name in ["reddit.com", "www.example.net", "example.org"] {
                #expect(Self.answers(folder, name) == Self.nothing, "\(damage): \(name)")
            }
        }

        /// Each byte of a small index changed in turn: no crash, no name
        /// that is not in it ever blocked, and a damaged header blocks nothing.
        @Test func everyByteOfTheIndexDamagedInTurn() throws {
            let folder = try IndexFolder()
            defer { folder.remove() }
            let bytes = try IndexFolder.index(blocking: "reddit.com", "example.net", "bücher.de").bytes
            var wrong: [String] = []
            for position in bytes.indices {
                var damaged = bytes
                damaged[position] ^= 0x5A
                try folder.install(damaged)
                for name in ["notreddit.com", "example.org", "com"] where Self.answers(folder, name) != Self.nothing {
                    wrong.append("byte \(position): \(name) blocked")
                }
                if position < 64, Self.answers(folder, "reddit.com") != Self.nothing {
                    wrong.append("byte \(position) of the header: reddit.com still blocked")
                }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(4)) (\(wrong.count) in all)")
            try folder.install(bytes)
            #expect(Self.answers(folder, "reddit.com") == Self.blocked("reddit.com"), "the intact index blocks")
        }
    }
}
