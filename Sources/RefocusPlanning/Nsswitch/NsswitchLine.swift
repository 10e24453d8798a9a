import RefocusCore

/// One line of nsswitch.conf read as glibc 2.33 and later reads it
/// (`process_line` in nss/nss_database.c, `nss_action_parse` in
/// nss/nss_action_parse.c), as offsets into the file's bytes.
///
/// - Leading white space (C `isspace`: space, `\t`, `\n`, `\v`, `\f`, `\r`)
///   is skipped; the database name runs to white space or `:`, and is
///   compared case-sensitively (`strcmp`: `HOSTS:` is no hosts line). Any
///   run of white space and colons follows it, so `hosts files dns` and
///   `hosts::dns` are hosts lines too. A name that runs to the end of the
///   string (no terminator after it) makes no line.
/// - The services follow, each optionally followed by one action block
///   `[STATUS=ACTION ...]` (statuses SUCCESS, NOTFOUND, UNAVAIL, TRYAGAIN,
///   each maybe behind `!`; actions RETURN, CONTINUE, MERGE; any case; white
///   space allowed around `=` and inside the brackets). A service name runs
///   to white space or `[`.
/// - A `[` where a service name should start ends the list there, silently
///   (`hosts: files [A=b] [C=d] dns` consults files only).
/// - A malformed action block (an unknown status or action, no `=`, no
///   closing `]`) is a parse error, and then glibc loads no configuration
///   at all: every lookup of every database fails until it is fixed.
/// - There is no comment syntax: `#` is an ordinary byte. A line starting
///   with `#` is a database named `#...`, which glibc ignores; but a
///   trailing `# comment` on a services line is read as the services `#`
///   and `comment` (glibc tries to load `libnss_#.so.2`, fails, and goes
///   on). glibc before 2.33 cut every line at its first `#`; `services`
///   keeps glibc's reading, and `readableCount` marks where a person (and
///   older glibc) sees the comment begin.
/// - The string ends at its first NUL byte.
///
/// Checked against Debian 12's glibc 2.36 with `LD_DEBUG=libs getent`
/// (which `libnss_*.so.2` each line makes it try) over a bind-mounted
/// nsswitch.conf.
struct NsswitchLine: Equatable {
    /// A service and the action block that follows it.
    struct Service: Equatable {
        /// The service's name, such as `dns`.
        let name: Range<Int>
        /// The name with its action block (`dns [!UNAVAIL=return]`), or the name alone.
        let unit: Range<Int>
    }

    /// Why glibc cannot read a line's services.
    struct Failure: Equatable {
        /// The offset of the first byte glibc could not take.
        let offset: Int
        /// What is wrong there.
        let reason: String
    }

    /// The database name, such as `hosts`.
    let database: Range<Int>
    /// Where a service goes on a line that has none: after the last `:`
    /// behind the database name, or right after the name.
    let emptyInsertion: Int
    /// The services glibc reads, in order, up to where it stops or fails.
    let services: [Service]
    /// The offset of a `[` where glibc stopped reading services, if it did.
    let stop: Int?
    /// The parse error that makes glibc refuse the whole file, if any.
    let failure: Failure?
    /// How many services come before the first whose name starts with `#`:
    /// those a person reads as services, the rest as a comment.
    let readableCount: Int

    /// The databases glibc knows (nss/databases.def); lines of other names are ignored.
    static let knownDatabases: Set<[UInt8]> = Set(
        [
            "aliases", "ethers", "group", "group_compat", "gshadow", "hosts", "initgroups", "netgroup", "networks",
            "passwd", "passwd_compat", "protocols", "publickey", "rpc", "services", "shadow", "shadow_compat",
        ].map { Array($0.utf8) })

    /// Reads `bytes[range]`, a line without its `\n`; `terminated` says
    /// whether a `\n` follows it. Nil when glibc sees no database on it.
    init?(_ bytes: [UInt8], in range: Range<Int>, terminated: Bool) {
        var reader = Reader(bytes: bytes, end: bytes[range].firstIndex(of: 0) ?? range.upperBound)
        // The `\n` after the line is white space, so a name can only run to its end past a NUL or without a `\n`.
        let endIsWhiteSpace = terminated && reader.end == range.upperBound
        reader.position = range.lowerBound
        reader.skipWhiteSpace()
        let nameStart = reader.position
        reader.advance { !Self.isWhiteSpace($0) && $0 != UInt8(ascii: ":") }
        guard reader.position > nameStart, reader.position < reader.end || endIsWhiteSpace else { return nil }
        database = nameStart..<reader.position
        var afterColon = reader.position
        while let byte = reader.current, Self.isWhiteSpace(byte) || byte == UInt8(ascii: ":") {
            reader.position += 1
            if byte == UInt8(ascii: ":") { afterColon = reader.position }
        }
        emptyInsertion = afterColon
        var services: [Service] = []
        var stop: Int?
        var failure: Failure?
        while true {
            reader.skipWhiteSpace()
            guard reader.current != nil else { break }
            let name = reader.position
            reader.advance { !Self.isWhiteSpace($0) && $0 != UInt8(ascii: "[") }
            guard reader.position > name else {
                stop = name
                break
            }
            let nameEnd = reader.position
            reader.skipWhiteSpace()
            guard reader.current == UInt8(ascii: "[") else {
                services.append(Service(name: name..<nameEnd, unit: name..<nameEnd))
                continue
            }
            if let blockFailure = reader.readActionBlock() {
                failure = blockFailure
                break
            }
            services.append(Service(name: name..<nameEnd, unit: name..<reader.position))
        }
        self.services = services
        self.stop = stop
        self.failure = failure
        readableCount = services.firstIndex { bytes[$0.name.lowerBound] == UInt8(ascii: "#") } ?? services.count
    }

    /// The services a person reads before any `#` comment.
    var readable: ArraySlice<Service> { services[..<readableCount] }

    /// Whether glibc stops reading before the comment: a `[` without a service before it.
    var stopsBeforeComment: Bool {
        guard let stop else { return false }
        return readableCount == services.count || stop < services[readableCount].name.lowerBound
    }

    /// C's `isspace` in the C locale.
    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == Byte.space || (Byte.tab...Byte.carriageReturn).contains(byte)
    }
}

/// A cursor over one line, for `NsswitchLine`.
private struct Reader {
    let bytes: [UInt8]
    /// Where the line's string ends: its end, or its first NUL.
    let end: Int
    var position = 0

    init(bytes: [UInt8], end: Int) {
        self.bytes = bytes
        self.end = end
    }

    /// The byte at the cursor; nil at the end.
    var current: UInt8? { position < end ? bytes[position] : nil }

    mutating func advance(while condition: (UInt8) -> Bool) {
        while let byte = current, condition(byte) { position += 1 }
    }

    mutating func skipWhiteSpace() { advance(while: NsswitchLine.isWhiteSpace) }

    /// Reads `[STATUS=ACTION ...]` from the `[` at the cursor, leaving the
    /// cursor after its `]`; returns what glibc refuses in it, if anything.
    mutating func readActionBlock() -> NsswitchLine.Failure? {
        position += 1
        skipWhiteSpace()
        repeat {
            if current == UInt8(ascii: "!") { position += 1 }
            let status = word()
            guard Self.statuses.contains(status.word) else {
                return NsswitchLine.Failure(
                    offset: status.start,
                    reason: status.word.isEmpty
                        ? "an action block without its closing ']'" : "an unknown status in an action block")
            }
            skipWhiteSpace()
            guard current == UInt8(ascii: "=") else {
                return NsswitchLine.Failure(offset: position, reason: "a status without '=' in an action block")
            }
            position += 1
            skipWhiteSpace()
            let action = word()
            guard Self.actions.contains(action.word) else {
                return NsswitchLine.Failure(offset: action.start, reason: "an unknown action in an action block")
            }
            skipWhiteSpace()
        } while current != UInt8(ascii: "]")
        position += 1
        return nil
    }

    /// The word at the cursor, up to white space, `=` or `]`, upper-cased,
    /// and where it starts; moves past it.
    private mutating func word() -> (word: [UInt8], start: Int) {
        let start = position
        advance { !NsswitchLine.isWhiteSpace($0) && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "]") }
        return (
            bytes[start..<position].map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) ? $0 - 32 : $0 }, start
        )
    }

    private static let statuses: Set<[UInt8]> = Set(
        ["SUCCESS", "NOTFOUND", "UNAVAIL", "TRYAGAIN"].map { Array($0.utf8) })
    private static let actions: Set<[UInt8]> = Set(["RETURN", "CONTINUE", "MERGE"].map { Array($0.utf8) })
}
