/// A TOML document as lines, for changing one table without touching the
/// rest: every comment, blank line, other table and key order stays as the
/// person wrote it. TOML itself is read by `TOMLTable(parsing:)`; this only
/// finds where tables and their keys sit, and splices lines.
///
/// A table starts at its header line (`[presets.morning]`, spaces and a
/// trailing comment allowed; `[[…]]` arrays of tables count as other
/// tables) and runs to the next header. A key line is `key = value` at the
/// start of a line (bare or quoted key), whose value may continue over
/// several lines (an array, a multi-line string).
public struct TOMLText: Sendable, Equatable {
    /// The lines, without their terminators.
    public private(set) var lines: [Substring]
    /// The document's line terminator: `\r\n` when its first line has one.
    private let terminator: String
    /// Whether the text ended with a terminator.
    private let finalTerminator: Bool

    /// Splits `text` into lines.
    public init(_ text: String) {
        // By bytes: "\r\n" is one Character, which a split on "\n" would not see.
        let bytes = Array(text.utf8)
        let firstLineFeed = bytes.firstIndex(of: UInt8(ascii: "\n"))
        terminator = firstLineFeed.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? "\r\n" : "\n"
        finalTerminator = bytes.isEmpty || bytes.last == UInt8(ascii: "\n")
        var split = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if split.last?.isEmpty == true { split.removeLast() }
        // A `\r` is a terminator's only before a `\n`: a last line without one keeps it (as TOML reads it).
        let unterminated = finalTerminator ? nil : split.indices.last
        lines = split.indices.map { index in
            let line = split[index]
            return Substring(
                decoding: line.last == UInt8(ascii: "\r") && index != unterminated ? line.dropLast() : line,
                as: UTF8.self)
        }
    }

    /// The document as text.
    public var text: String {
        lines.isEmpty ? "" : lines.joined(separator: terminator) + (finalTerminator ? terminator : "")
    }

    /// The table's name on a header line (`presets.morning`), nil for other lines.
    static func header(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "[" else { return nil }
        let isArray = trimmed.hasPrefix("[[")
        let body = trimmed.dropFirst(isArray ? 2 : 1)
        guard let close = body.firstIndex(of: "]") else { return nil }
        let name = body[..<close].split(separator: ".", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(" \t").trimmingCharacters("\"") }.joined(separator: ".")
        return isArray ? "[[\(name)]]" : name
    }

    /// The key of a `key = value` line, nil for other lines.
    static func key(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first, first != "#", first != "[", let equals = trimmed.firstIndex(of: "=") else {
            return nil
        }
        let key = trimmed[..<equals].trimmingCharacters(" \t")
        return key.isEmpty ? nil : key.trimmingCharacters("\"")
    }

    /// The lines of `table`'s body (after its header, up to the next
    /// header); nil when the document has no such table. The root table
    /// (keys before any header) is named "".
    public func body(of table: String) -> Range<Int>? {
        var start: Int?
        if table.isEmpty { start = 0 }
        for (index, line) in lines.enumerated() {
            guard let name = Self.header(line) else { continue }
            if let begun = start { return begun..<index }
            if name == table { start = index + 1 }
        }
        return start.map { $0..<lines.count }
    }

    /// The key lines of `body`: each key with the lines its value spans.
    public func keys(in body: Range<Int>) -> [(key: String, lines: Range<Int>)] {
        var found: [(key: String, lines: Range<Int>)] = []
        var index = body.lowerBound
        while index < body.upperBound {
            guard let key = Self.key(lines[index]) else {
                index += 1
                continue
            }
            let end = valueEnd(ofKeyLine: index, within: body.upperBound)
            found.append((key, index..<end))
            index = end
        }
        return found
    }

    /// The line after the last one that the value of the key line `index`
    /// spans (an array or a multi-line string goes on), at most `limit`.
    private func valueEnd(ofKeyLine index: Int, within limit: Int) -> Int {
        var end = index + 1
        var state = ValueScan()
        state.scan(lines[index].drop { $0 != "=" }.dropFirst())
        while !state.isComplete, end < limit {
            state.scan(lines[end])
            end += 1
        }
        return end
    }

    /// Makes `table` hold exactly `pairs` (key and the TOML text of its
    /// value, in order): a key it has keeps its place, a key it lacks is
    /// added after its last key, a key not in `pairs` goes; comments and
    /// blank lines stay. A missing table is added at the end.
    public mutating func setTable(_ table: String, to pairs: [(key: String, value: String)]) {
        let wanted = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard let body = body(of: table) else {
            if let last = lines.last, !last.trimmingCharacters(" \t").isEmpty { lines.append("") }
            lines.append(Substring("[\(table)]"))
            lines += pairs.map { Substring("\($0.key) = \($0.value)") }
            return
        }
        let present = keys(in: body)
        var rewritten = Array(lines[body])
        // From the end, so that earlier ranges stay valid.
        for found in present.reversed() {
            let local = (found.lines.lowerBound - body.lowerBound)..<(found.lines.upperBound - body.lowerBound)
            if let value = wanted[found.key] {
                rewritten.replaceSubrange(local, with: [Substring("\(found.key) = \(value)")])
            } else {
                rewritten.removeSubrange(local)
            }
        }
        let presentKeys = Set(present.map(\.key))
        let added = pairs.filter { !presentKeys.contains($0.key) }.map { Substring("\($0.key) = \($0.value)") }
        // After the last line that is not blank (a key or a comment), before the blank lines that end the table.
        let insertion = (rewritten.lastIndex { !$0.trimmingCharacters(" \t").isEmpty }).map { $0 + 1 } ?? 0
        rewritten.insert(contentsOf: added, at: insertion)
        lines.replaceSubrange(body, with: rewritten)
    }

    /// Removes `table`: the comment lines right above its header, the
    /// header and its body, up to the next header; a blank line is left
    /// between what came before and what follows.
    public mutating func removeTable(_ table: String) {
        guard !table.isEmpty, let body = body(of: table) else { return }
        var start = body.lowerBound - 1
        while start > 0, lines[start - 1].drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") { start -= 1 }
        lines.removeSubrange(start..<body.upperBound)
        if start == lines.count {
            // It was the last table: no blank lines left trailing.
            while let last = lines.last, last.trimmingCharacters(" \t").isEmpty { lines.removeLast() }
        } else if start > 0, !lines[start - 1].trimmingCharacters(" \t").isEmpty {
            lines.insert("", at: start)
        }
    }

    /// A TOML basic string holding `text`.
    public static func string(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// A TOML array of basic strings.
    public static func array(_ items: [String]) -> String {
        "[" + items.map(string).joined(separator: ", ") + "]"
    }
}

/// Follows a value over lines: brackets open in arrays and inline tables,
/// and multi-line strings, outside of strings and comments.
private struct ValueScan {
    private var depth = 0
    private var multiline: String?

    /// Whether the value ended on the lines scanned so far.
    var isComplete: Bool { depth <= 0 && multiline == nil }

    mutating func scan(_ line: Substring) {
        var rest = line[...]
        while let character = rest.first {
            if let delimiter = multiline {
                guard let end = rest.range(of: delimiter) else { return }
                rest = rest[end.upperBound...]
                multiline = nil
                continue
            }
            if rest.hasPrefix("\"\"\"") || rest.hasPrefix("'''") {
                multiline = String(rest.prefix(3))
                rest = rest.dropFirst(3)
                continue
            }
            switch character {
            case "#": return
            case "\"", "'":
                rest = rest.droppingString()
                continue
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            default: break
            }
            rest = rest.dropFirst()
        }
    }
}

extension StringProtocol {
    /// The text without `characters` at either end.
    func trimmingCharacters(_ characters: String) -> String {
        let set = Set(characters)
        guard let first = firstIndex(where: { !set.contains($0) }),
            let last = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}

extension Substring {
    /// The text after the one-line string it starts with (at its opening
    /// quote, `"` or `'`): to the closing quote, which a backslash escapes in `"…"`.
    func droppingString() -> Substring {
        guard let quote = first else { return self }
        var rest = dropFirst()
        var escaped = false
        while let next = rest.first {
            rest = rest.dropFirst()
            if quote == "\"", next == "\\", !escaped { escaped = true; continue }
            if next == quote, !escaped { break }
            escaped = false
        }
        return rest
    }

    /// The range of `other` in this text, if any.
    package func range(of other: String) -> Range<Index>? {
        guard !other.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(other) { return index..<self.index(index, offsetBy: other.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
