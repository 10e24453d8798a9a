extension TOMLText {
    /// The first line that TOMLKit's parser (toml++ 3.4.0) misreads, by its
    /// 1-based number, and why; nil when there is none. A NUL byte, where it
    /// stops reading without a word (the rest of the text would be lost: a
    /// policy loosened, a preset missing); a table header that names no
    /// table (`headerWithoutName`), an array element that starts with `}` or
    /// a date (`badValueStart`), on which its assertions abort the process (SwiftPM's
    /// release builds keep them on). The readers of policy.toml and
    /// config.toml refuse such a text before parsing it. All were found by
    /// fuzzing (`make fuzz`).
    public var unreadableLine: (number: Int, reason: String)? {
        if let index = lines.firstIndex(where: { $0.utf8.contains(0) }) {
            return (index + 1, "a NUL byte, which TOML text never holds; remove it")
        }
        if let number = headerWithoutName {
            return (number, "a table header names no table; write its name after '[', such as [name]")
        }
        return badValueStart
    }

    /// The first line where a value starts in a way that TOMLKit's parser
    /// (toml++ 3.4.0) takes for granted and its assertions abort the process
    /// on, and why: an element of an array (after its `[` or a `,`, past
    /// spaces, line breaks and comments) that starts with `}` (`a = [1, }]`),
    /// or a bare value that starts with a digit and holds a `:` or a `-` after
    /// a digit, which it reads as a date or a time (`1979-05-27T&7`); no key of policy.toml
    /// or config.toml takes a date or a time. nil when there is none.
    var badValueStart: (number: Int, reason: String)? {
        var index = 0
        while index < lines.count {
            guard Self.key(lines[index]) != nil else {
                index += 1
                continue
            }
            let end = valueEnd(ofKeyLine: index, within: lines.count)
            var scan = ValueStartScan()
            for number in index..<end {
                let text = number == index ? lines[number].drop { $0 != "=" }.dropFirst() : lines[number]
                if let reason = scan.problem(in: text) { return (number + 1, reason) }
            }
            index = end
        }
        return nil
    }

    /// The 1-based number of the first line that opens a table header whose
    /// name does not begin as a key does (a letter, a digit, `-`, `_` or a
    /// quote) nor with the closing `]`: `[=]`, `[[[x]]]`, `[ #`, or `[` alone
    /// on a line; nil when there is none. Lines inside a key's value (an
    /// array, a multi-line string) open no header.
    ///
    /// TOMLKit's parser (toml++ 3.4.0) takes the first character of such a
    /// name for a key's without looking (fixed upstream later: tomlplusplus
    /// pull request 301), and its assertion aborts the process.
    var headerWithoutName: Int? {
        var index = 0
        while index < lines.count {
            if Self.key(lines[index]) != nil {
                index = valueEnd(ofKeyLine: index, within: lines.count)
                continue
            }
            if !Self.opensNamedHeader(lines[index], endsDocument: index == lines.count - 1 && !finalTerminator) {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// Whether `line` opens no header, or one whose name begins as a key's
    /// or is empty (`[]`: an error the parser reports), or that the document
    /// cuts short (also reported). As toml++ reads it: spaces and tabs around
    /// the brackets, `[[` only without a space between, a byte-order mark
    /// before the first line's.
    static func opensNamedHeader(_ line: Substring, endsDocument: Bool) -> Bool {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var rest = Substring(line.drop { $0 == "\u{FEFF}" }).utf8.drop(while: isBlank)
        guard rest.first == UInt8(ascii: "[") else { return true }
        rest = rest.dropFirst()
        let spaced = rest.first.map(isBlank) == true
        rest = rest.drop(while: isBlank)
        if rest.first == UInt8(ascii: "[") {
            if spaced { return true }  // "[ [": an error the parser reports
            rest = rest.dropFirst().drop(while: isBlank)
        }
        guard let first = rest.first else { return endsDocument }
        return first == UInt8(ascii: "]") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
            || first == UInt8(ascii: "-") || first == UInt8(ascii: "_") || isASCIILetter(first) || isASCIIDigit(first)
    }
}

/// A value's text, line by line, as toml++ starts its values: where one
/// is due (the value of a key, an element of an array), the first character
/// past spaces (and, in an array, line breaks and comments) must not be `}`
/// nor begin a date or a time. Strings, one-line and multi-line, are passed over.
private struct ValueStartScan {
    /// The open arrays (`[`) and inline tables (`{`), innermost last.
    private var open: [Character] = []
    /// Whether a value is due: the key's own at first.
    private var valueDue = true
    /// The delimiter of the multi-line string the scan is in, if any.
    private var multiline: String?

    /// What is wrong in `line`, after the lines scanned before it, if anything.
    mutating func problem(in line: Substring) -> String? {
        var rest = line
        while let character = rest.first {
            if let delimiter = multiline {
                guard let end = rest.range(of: delimiter) else { return nil }
                rest = rest[end.upperBound...]
                multiline = nil
                continue
            }
            if character == " " || character == "\t" {
                rest = rest.dropFirst()
                continue
            }
            if character == "#" { return nil }
            if valueDue {
                valueDue = false
                if character == "}", open.last == "[" {
                    return "an array's element starts with '}'; remove it, or end the array with ']'"
                }
                let bare = rest.prefix { !" \t,]}#".contains($0) }
                let dashAfterDigit = zip(bare, bare.dropFirst()).contains { $0.isASCII && $0.isNumber && $1 == "-" }
                if character.isASCII, character.isNumber, dashAfterDigit || bare.contains(":") {
                    return "a date or a time (\(bare)), which no key here takes; write a number or a quoted string"
                }
            }
            if rest.hasPrefix("\"\"\"") || rest.hasPrefix("'''") {
                multiline = String(rest.prefix(3))
                rest = rest.dropFirst(3)
                continue
            }
            switch character {
            case "\"", "'":
                rest = rest.droppingString()
                continue
            case "[", "{":
                open.append(character)
                valueDue = character == "["
            case "]", "}": _ = open.popLast()
            case ",": valueDue = open.last == "["
            case "=": valueDue = open.last == "{"
            default: break
            }
            rest = rest.dropFirst()
        }
        return nil
    }
}
