import CNameIndex
import Testing
@testable import RefocusCore
@testable import RefocusPlanning

/// The per-user entries' uid lists against damage, and the caller's uid
/// asked lazily: the reader is C that the NSS module runs in every
/// process, so a list that runs past the records or claims any count must
/// never be read out of bounds, and can only leave names unblocked.
@Suite struct NameIndexUserDamageTests {
    static let kid: UInt32 = 1001

    /// The index blocking `games.example` for the kid and `chess.example` for everyone.
    static func index() throws -> NameIndex {
        NameIndex(
            blocking: [try DomainName(validating: "chess.example")],
            users: [
                kid: [try DomainName(validating: "games.example")], 1005: [try DomainName(validating: "x.example")],
            ]
        )
    }

    /// A lookup through the C reader with a caller whose uid answer is `uid` (nil: cannot be told), counting its calls.
    static func lookup(_ bytes: [UInt8], _ name: String, uid: UInt32?, asked: inout Int) -> rf_names_match {
        var context = (uid ?? 0, uid != nil, 0)
        let found = withUnsafeMutablePointer(to: &context) { pointer in
            var caller = rf_names_caller(
                uid: { context, uid in
                    guard let state = context?.assumingMemoryBound(to: (UInt32, Bool, Int).self), let uid else {
                        return 0
                    }
                    state.pointee.2 += 1
                    uid.pointee = state.pointee.0
                    return state.pointee.1 ? 1 : 0
                }, context: UnsafeMutableRawPointer(pointer))
            return bytes.withUnsafeBufferPointer { map in
                name.withCString { rf_names_lookup(map.baseAddress, map.count, $0, name.utf8.count, &caller) }
            }
        }
        asked += context.2
        return found
    }

    /// Where the uid list of `name`'s record starts in `bytes` (its count).
    static func uidList(_ bytes: [UInt8], _ name: String) throws -> Int {
        let text = Array(name.utf8)
        let header = bytes.withUnsafeBytes { $0.loadUnaligned(as: rf_names_header.self) }
        let marker = [UInt8(RF_NAMES_BLOCK_USERS.rawValue), UInt8(text.count)] + text
        let start = Int(header.records_offset)
        let found = try #require(
            (start..<(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        return found + marker.count
    }

    @Test func theUidIsAskedOnlyWhenAPerUserEntryIsMetAndOnceALookup() throws {
        let bytes = try Self.index().bytes
        var asked = 0
        for name in ["chess.example", "a.chess.example", "unrelated.example", "example"] {
            _ = Self.lookup(bytes, name, uid: Self.kid, asked: &asked)
        }
        #expect(asked == 0, "no per-user entry met")
        #expect(Self.lookup(bytes, "a.b.games.example", uid: Self.kid, asked: &asked) == RF_NAMES_BLOCKED)
        #expect(asked == 1)
        #expect(Self.lookup(bytes, "games.example", uid: 1002, asked: &asked) == RF_NAMES_NONE)
        #expect(asked == 2)
    }

    /// A caller that cannot be told (a user namespace with no uid map) gets every per-user entry.
    @Test func aCallerWhoCannotBeToldGetsEveryPerUserEntry() throws {
        let bytes = try Self.index().bytes
        var asked = 0
        #expect(Self.lookup(bytes, "games.example", uid: nil, asked: &asked) == RF_NAMES_BLOCKED)
        #expect(Self.lookup(bytes, "www.x.example", uid: nil, asked: &asked) == RF_NAMES_BLOCKED)
        #expect(Self.lookup(bytes, "example.org", uid: nil, asked: &asked) == RF_NAMES_NONE)
    }

    @Test(arguments: [UInt32(0), 2, 1_000, 0x4000_0000, 0xFFFF_FFFF])
    func aCountThatIsZeroOrRunsPastTheRecordsBindsNoOne(count: UInt32) throws {
        var bytes = try Self.index().bytes
        let list = try Self.uidList(bytes, "games.example")
        withUnsafeBytes(of: count) { bytes.replaceSubrange(list..<(list + 4), with: $0) }
        var asked = 0
        #expect(Self.lookup(bytes, "games.example", uid: Self.kid, asked: &asked) == RF_NAMES_NONE)
        #expect(Self.lookup(bytes, "games.example", uid: nil, asked: &asked) == RF_NAMES_NONE)
        #expect(Self.lookup(bytes, "chess.example", uid: Self.kid, asked: &asked) == RF_NAMES_BLOCKED)
        #expect(NameIndex(validating: bytes) == nil, "the body's checksum")
    }

    /// Every truncation and a flipped byte anywhere: never a crash, and a
    /// uid that no entry lists is never blocked by a per-user entry.
    @Test func aTruncatedOrDamagedFileNeverCrashesAndFailsOpen() throws {
        let bytes = try Self.index().bytes
        var asked = 0
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            #expect(Self.lookup(cut, "games.example", uid: Self.kid, asked: &asked) == RF_NAMES_NONE, "\(length)")
        }
        let names = ["games.example", "w.games.example", "x.example", "chess.example", "other.example"]
        for position in Int(RF_NAMES_HEADER_SIZE)..<bytes.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[position] ^= flip
                for name in names {
                    let found = Self.lookup(damaged, name, uid: 77, asked: &asked)
                    #expect(found != RF_NAMES_BLOCKED || name == "chess.example", "\(name), byte \(position)")
                }
            }
        }
    }

    /// A reader of version 1 refuses a version 2 file (and so blocks
    /// nothing); this reader refuses version 1.
    @Test func theVersionIsTwoAndAnotherVersionIsRefused() throws {
        var bytes = try Self.index().bytes
        var header = bytes.withUnsafeBytes { $0.loadUnaligned(as: rf_names_header.self) }
        #expect(header.version == 2)
        header.version = 1
        let checked = MemoryLayout<rf_names_header>.offset(of: \.header_checksum) ?? 56
        header.header_checksum = withUnsafeBytes(of: header) {
            rf_names_checksum($0.bindMemory(to: UInt8.self).baseAddress, checked)
        }
        withUnsafeBytes(of: header) { bytes.replaceSubrange(0..<64, with: $0) }
        #expect(bytes.withUnsafeBufferPointer { rf_names_valid($0.baseAddress, $0.count) } == 0)
    }
}
