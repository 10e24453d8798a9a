import RefocusCore

/// `TOMLTable(parsing:)`, the reader of policy.toml (as root) and
/// config.toml: no crash, hang or runaway memory on any bytes; an error
/// names a line of the input; a document it reads, written back as TOML
/// (every table inline), reads back to the same tree.
enum TOMLFuzz: FuzzTarget {
    static let name = "toml"

    static func fuzz(_ bytes: [UInt8]) {
        let table: TOMLTable
        do {
            table = try TOMLTable(parsing: bytes)
        } catch {
            let lines = 1 + bytes.count { $0 == UInt8(ascii: "\n") }
            FuzzCheck.require(
                (1...lines).contains(error.line) && error.column >= 1,
                "the error (\(error), column \(error.column)) is on one of the \(lines) lines", input: bytes)
            return
        }
        let written = table.map { "\(TOMLText.string($0.key)) = \(text($0.value))\n" }.joined()
        let reread = Result { () throws(TOMLError) in try TOMLTable(parsing: written) }
        FuzzCheck.require(
            (try? reread.get()).map { same(.table($0), .table(table)) } == true,
            "written back as \(String(reflecting: written)), it reads back the same: \(reread)", input: bytes)
    }

    /// `value` as TOML text on one line.
    static func text(_ value: TOMLValue) -> String {
        switch value {
        case .string(let string): TOMLText.string(string)
        case .integer(let number): String(number)
        case .float(let number): number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
        case .boolean(let flag): flag ? "true" : "false"
        case .dateTime(let dateTime): dateTime.description
        case .array(let elements): "[" + elements.map(text).joined(separator: ", ") + "]"
        case .table(let table):
            "{" + table.map { "\(TOMLText.string($0.key)) = \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// Whether two values are the same, a NaN the same as a NaN.
    static func same(_ lhs: TOMLValue, _ rhs: TOMLValue) -> Bool {
        switch (lhs, rhs) {
        case let (.float(left), .float(right)): left == right || (left.isNaN && right.isNaN)
        case let (.array(left), .array(right)): left.count == right.count && zip(left, right).allSatisfy(same)
        case let (.table(left), .table(right)):
            left.entries.count == right.entries.count
                && left.allSatisfy { entry in right[entry.key].map { same(entry.value, $0) } == true }
        default: lhs == rhs
        }
    }
}
