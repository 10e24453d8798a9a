import Foundation
import GRDB
import RefocusCore
import RefocusOS

/// The session store: SQLite through GRDB at `/var/lib/refocus/refocus.sqlite`
/// (directory 0700, owned by root), in WAL mode, with schema migrations.
///
/// Sessions are rows; an ended session is history, never deleted, and keeps
/// its summary only (lists' names, counts, times, outcome).
/// Writers from concurrent helper runs wait for each other (a busy timeout),
/// so no request is lost. Needs root for the default location.
public final class SessionStore: Sendable {
    /// The default database path.
    public static let defaultPath = "/var/lib/refocus/refocus.sqlite"

    private let queue: DatabaseQueue
    /// The database file.
    public let path: String

    /// Opens (creating and migrating when needed) the store at `path`; its
    /// directory is created with mode 0700.
    public init(path: String = defaultPath) throws {
        self.path = path
        let directory = AtomicFile.parentDirectory(of: path)
        try Directories.create(directory, mode: 0o700)
        var configuration = Configuration()
        configuration.busyMode = .timeout(60)
        configuration.journalMode = .wal
        configuration.label = "refocus-store"
        // Reads through a memory map (up to 256 MiB of the file), not a pread(2) per 4 KiB page:
        // the focus verb's 100,000 sessions were 6,400 preads, a third of its kernel time. Only
        // root can write the file (its folder is 0700), so nobody else can truncate it under the map.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 268435456") }
        do {
            // One opener at a time: the daemon that systemd has just started and a helper run could
            // otherwise both turn on WAL ("database is locked") or run the same migration ("duplicate
            // column name": GRDB reads which are applied before it runs the rest). Held while opening only.
            let opening = try ExclusiveLock.wait(
                path: path + ".open-lock", directoryMode: 0o700, deadline: .seconds(60))
            defer { withExtendedLifetime(opening) {} }
            guard opening != nil else {
                throw StoreError.cannotOpen(path: path, reason: "another run held \(path).open-lock for 60 s")
            }
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let migrator = Self.migrator
            let unknown = try queue.read { db in
                try migrator.hasBeenSuperseded(db)
                    ? try migrator.appliedIdentifiers(db).subtracting(migrator.migrations) : []
            }
            if !unknown.isEmpty { throw StoreError.newerSchema(path: path, migrations: unknown.sorted()) }
            try migrator.migrate(queue)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where Self.damage.contains(error.resultCode.primaryResultCode) {
            throw StoreError.damaged(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// What SQLite answers for a file that is not a whole database.
    private static let damage: [ResultCode] = [.SQLITE_NOTADB, .SQLITE_CORRUPT]

    /// The schema, version by version. A released migration never changes.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: sessions") { db in
            try db.create(table: "session") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("owner", .integer).notNull()
                table.column("listNames", .text).notNull()
                table.column("lists", .text).notNull()
                table.column("start", .double).notNull()
                table.column("plannedEnd", .double).notNull()
                table.column("locked", .boolean).notNull()
                table.column("endedAt", .double)
                table.column("outcome", .text)
            }
            try db.create(index: "session_active", on: "session", columns: ["endedAt", "plannedEnd"])
        }
        migrator.registerMigration("v2: boot-time anchors") { db in
            try db.alter(table: "session") { table in
                table.add(column: "anchorBootID", .text)
                table.add(column: "anchorSinceBoot", .integer)
                table.add(column: "anchorWall", .double)
            }
        }
        migrator.registerMigration("v3: history keeps summaries") { db in
            try db.alter(table: "session") { table in
                table.add(column: "entryCount", .integer)
                table.add(column: "programCount", .integer)
            }
            // Ended sessions drop their full lists; a row that cannot be read is left as it is.
            for row in try Row.fetchAll(db, sql: "SELECT * FROM session WHERE endedAt IS NOT NULL") {
                guard let session = try? SessionTransaction.session(row) else { continue }
                let compact = session.compacted
                try db.execute(
                    sql: "UPDATE session SET lists = ?, entryCount = ?, programCount = ? WHERE id = ?",
                    arguments: [
                        try StoredLists.encode(compact.blockLists), compact.keptCounts?.entries,
                        compact.keptCounts?.programs, session.id,
                    ])
            }
        }
        migrator.registerMigration("v4: labels") { db in
            try db.alter(table: "session") { table in table.add(column: "label", .text) }
        }
        migrator.registerMigration("v5: pomodoro plans, pauses, notifications, announced events") { db in
            try db.alter(table: "session") { table in
                for column in ["pomodoroWork", "pomodoroBreak", "pomodoroCycles", "pomodoroLongBreak", "pauses"] {
                    table.add(column: column, .integer)
                }
                table.add(column: "pausedAt", .double)
                table.add(column: "pausedSeconds", .double)
                table.add(column: "notify", .boolean).notNull().defaults(to: true)
                table.add(column: "announced", .text)
            }
            // Sessions of before are announced: a new daemon must not run their start hooks again.
            try db.execute(sql: "UPDATE session SET announced = 'end' WHERE endedAt IS NOT NULL")
            try db.execute(sql: "UPDATE session SET announced = 'start' WHERE endedAt IS NULL")
        }
        migrator.registerMigration("v6: blocked counts, focus index") { db in
            // Sessions of before have no counts (NULL): nothing kept them.
            try db.alter(table: "session") { table in
                table.add(column: "blockedAttempts", .integer)
                table.add(column: "programsKilled", .integer)
            }
            // Stats read a member's ended sessions since a date, oldest first.
            try db.execute(sql: "CREATE INDEX session_focus ON session(owner, start) WHERE endedAt IS NOT NULL")
        }
        migrator.registerMigration("v7: allowlist sessions") { db in
            try db.alter(table: "session") { table in
                table.add(column: "mode", .text).notNull().defaults(to: SessionMode.block.rawValue)
            }
        }
        migrator.registerMigration("v8: pending changes, delays, emergency exits") { db in
            // An open session's loosening that waits for its time; an ended one's stop or emergency exit.
            try db.alter(table: "session") { table in
                table.add(column: "pendingKind", .text)
                table.add(column: "pendingRequestedAt", .double)
                table.add(column: "pendingEffectiveAt", .double)
                table.add(column: "pendingReason", .text)
                table.add(column: "delay", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v9: daily allowances") { db in
            // One per owner and list: the list whole (as a session keeps it), the seconds a day, the reset.
            try db.create(table: "allowance") { table in
                table.column("owner", .integer).notNull()
                table.column("list", .text).notNull()
                table.column("lists", .text).notNull()
                table.column("dailySeconds", .integer).notNull()
                table.column("resetMinute", .integer).notNull()
                table.column("lockedUntil", .double)
                table.primaryKey(["owner", "list"])
            }
            // Their use per day: the local date of the reset that began it.
            try db.create(table: "allowanceUse") { table in
                table.column("owner", .integer).notNull()
                table.column("list", .text).notNull()
                table.column("day", .text).notNull()
                table.column("usedSeconds", .integer).notNull()
                table.primaryKey(["owner", "list", "day"])
            }
        }
        migrator.registerMigration("v10: loosening that waits") { db in
            // The lists a pending loosening takes at its time (a start took entries away during a delay).
            try db.alter(table: "session") { table in
                table.add(column: "pendingLists", .text)
            }
        }
        migrator.registerMigration("v11: the administrator's windows") { db in
            // Each window of a schedule that bound a user, and when the reconciles enforced it first and last.
            try db.create(table: "administeredWindow") { table in
                table.column("schedule", .text).notNull()
                table.column("uid", .integer).notNull()
                table.column("windowStart", .double).notNull()
                table.column("windowEnd", .double).notNull()
                table.column("lists", .text).notNull()
                table.column("firstEnforced", .double).notNull()
                table.column("lastEnforced", .double).notNull()
                table.primaryKey(["schedule", "uid", "windowStart"])
            }
        }
        migrator.registerMigration("v12: what the administrator's windows blocked") { db in
            // Connections refused to the user by the rules for them alone, and their programs stopped.
            try db.alter(table: "administeredWindow") { table in
                table.add(column: "refused", .integer).notNull().defaults(to: 0)
                table.add(column: "programsStopped", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v13: windows their users waived") { db in
            // A window of an unlocked schedule (lock = false) that its user ended for themselves.
            try db.create(table: "administeredWaiver") { table in
                table.column("schedule", .text).notNull()
                table.column("uid", .integer).notNull()
                table.column("windowStart", .double).notNull()
                table.column("windowEnd", .double).notNull()
                table.column("waivedAt", .double).notNull()
                table.primaryKey(["schedule", "uid", "windowStart"])
            }
        }
        return migrator
    }

    /// Runs `body` in one immediate write transaction: the reads and writes in
    /// it see no other writer's changes in between.
    public func write<T: Sendable>(_ body: @Sendable (SessionTransaction) throws -> T) throws -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var value: T?
                try db.inTransaction(.immediate) {
                    value = try body(SessionTransaction(db: db))
                    return .commit
                }
                guard let value else { throw StoreError.failed(path: path, reason: "the transaction returned nothing") }
                return value
            }
        } catch let error as any RefocusError {
            throw error
        } catch {
            throw StoreError.failed(path: path, reason: "\(error)")
        }
    }

    /// Runs `body` reading a consistent snapshot.
    public func read<T: Sendable>(_ body: @Sendable (SessionTransaction) throws -> T) throws -> T {
        do {
            return try queue.read { db in try body(SessionTransaction(db: db)) }
        } catch let error as any RefocusError {
            throw error
        } catch {
            throw StoreError.failed(path: path, reason: "\(error)")
        }
    }
}

/// Why the store failed.
public enum StoreError: RefocusError, Equatable {
    /// The database could not be opened or migrated.
    case cannotOpen(path: String, reason: String)
    /// A query failed.
    case failed(path: String, reason: String)
    /// The file is not a whole SQLite database: truncated, overwritten, damaged.
    case damaged(path: String, reason: String)
    /// A newer ReFocus migrated the store past what this one knows.
    case newerSchema(path: String, migrations: [String])

    public var category: ErrorCategory {
        switch self {
        case .cannotOpen, .failed: .system
        case .damaged: .data
        case .newerSchema: .configuration
        }
    }

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open the session store \(path): \(reason); check that /var/lib/refocus is a writable "
                + "directory of root's"
        case let .failed(path, reason):
            "the session store \(path) failed: \(reason)"
        case let .damaged(path, reason):
            "the session store \(path) is damaged (\(reason)); move it aside ('mv \(path) \(path).damaged') and run "
                + "'refocus-helper clear' as root: that starts an empty store and lifts the blocks of the sessions in "
                + "the old one, which are no longer enforced or shown"
        case let .newerSchema(path, migrations):
            "the session store \(path) was written by a newer ReFocus (\(migrations.joined(separator: ", "))); "
                + "install that version again, or move the store aside ('mv \(path) \(path).newer') to start an "
                + "empty one"
        }
    }
}
