import GRDB
import GRDBSQLite

/// A GRDB statement's rows read through SQLite's own column calls, for the
/// one read that walks 100,000 rows (`focusRecords`): GRDB's `Row` converts
/// every column through `DatabaseValue` and makes a `String` of every text,
/// a microsecond a row. Each accessor returns nil when the column is NULL
/// or of another storage class, as GRDB's typed reads refuse it; text is
/// lent as bytes, valid until the next step.
struct RawRows {
    private let statement: Statement
    private var raw: OpaquePointer { statement.sqliteStatement }

    /// The rows of `statement` with `arguments` bound.
    init(_ statement: Statement, arguments: StatementArguments) throws {
        try statement.setArguments(arguments)
        self.statement = statement
    }

    /// Moves to the next row: false at the end; throws what SQLite reports.
    func next() throws -> Bool {
        switch sqlite3_step(raw) {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(raw)
            return false
        case let code:
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(raw)))
            sqlite3_reset(raw)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    /// Column `index` of the current row as an integer.
    func int64(_ index: Int32) -> Int64? {
        sqlite3_column_type(raw, index) == SQLITE_INTEGER ? sqlite3_column_int64(raw, index) : nil
    }

    /// Column `index` as an `Int`, when it is an integer that fits.
    func int(_ index: Int32) -> Int? {
        int64(index).flatMap { Int(exactly: $0) }
    }

    /// Column `index` as a real number (an integer converted, as GRDB reads it).
    func double(_ index: Int32) -> Double? {
        switch sqlite3_column_type(raw, index) {
        case SQLITE_FLOAT, SQLITE_INTEGER: sqlite3_column_double(raw, index)
        default: nil
        }
    }

    /// Column `index`'s text, as UTF-8 bytes lent to `body`; nil when it is not text.
    func text<Result>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        guard sqlite3_column_type(raw, index) == SQLITE_TEXT else { return nil }
        // The text first, its length after (SQLite's documented order).
        let start = sqlite3_column_text(raw, index)
        let count = Int(sqlite3_column_bytes(raw, index))
        return try body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
    }
}
