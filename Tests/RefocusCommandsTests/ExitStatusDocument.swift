import Foundation
import RefocusCore

/// ReFocus's exit statuses, not swift-testing's type of the same name.
typealias ExitStatus = RefocusCore.ExitStatus

/// `ExitStatus.meaning(for:)` rendered as the documents hold it: the table of
/// docs/troubleshooting.md (markdown) and the man pages' EXIT STATUS sections
/// (mdoc). The documents keep a copy, so that `make man` and a reader of docs/ need
/// no build; `ExitStatusDocumentTests` fails when a copy differs from this
/// rendering and rewrites it when asked to.
enum ExitStatusDocument {
    /// docs/troubleshooting.md's table: a row a documented status, `refocus`'s meanings.
    static func markdownTable() -> String {
        var rows = ["| status | meaning |", "|---|---|"]
        for status in ExitStatus.documented {
            let cell = status.meaning(for: .refocus).line.replacingOccurrences(of: "|", with: "\\|")
            rows.append("| \(status.rawValue) | \(cell) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// A man page's EXIT STATUS section for `program`, from its `.Sh` line to
    /// its `.El`: a tagged list, an item a documented status.
    static func roffSection(for program: ExitStatus.Program) -> String {
        var lines = [".Sh EXIT STATUS", ".Bl -tag -width Ds"]
        for status in ExitStatus.documented {
            lines.append(".It \(status.rawValue)")
            lines += roff(status.meaning(for: program).sentences)
        }
        lines.append(".El")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as mdoc lines: a sentence a line; text between backticks set
    /// by `.Pa` (a path) or `.Ql` (anything else), with the punctuation that
    /// touches it as the macro's delimiters (`(` before, `,.;:)` after).
    static func roff(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        var lines: [String] = []
        var opening = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 {
                lines.append((part.hasPrefix("/") ? ".Pa " : ".Ql ") + opening + quoted(part))
                opening = ""
                continue
            }
            var rest = part
            if index > 0, let last = lines.indices.last {
                let closing = rest.prefix { ",.;:)".contains($0) }
                lines[last] += closing.map { " \($0)" }.joined()
                rest = rest.dropFirst(closing.count)
            }
            if index + 1 < parts.count, rest.hasSuffix("(") {
                opening = "( "
                rest = rest.dropLast()
            }
            lines += sentences(rest.trimmingCharacters(in: .whitespaces)).map(escaped)
        }
        return lines
    }

    /// `text` split after each period that ends a sentence (". " before a capital).
    private static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var characters = text[...]
        while let character = characters.popFirst() {
            current.append(character)
            if character == ".", characters.first == " ", characters.dropFirst().first?.isUppercase == true {
                result.append(current)
                current = ""
                characters = characters.dropFirst()
            }
        }
        return current.isEmpty ? result : result + [current]
    }

    /// A text line that roff reads as text: backslashes escaped, a leading dot or apostrophe guarded.
    private static func escaped(_ line: String) -> String {
        let text = line.replacingOccurrences(of: "\\", with: "\\e")
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// A macro argument in double quotes, so that no word of it is read as a macro.
    private static func quoted(_ text: Substring) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
