/// A command's usage, as `--help` prints it after `USAGE: `, wrapped to fit
/// 80 columns: swift-argument-parser prints a usage it generates on one line
/// however long it is, and indents the later lines of one given to it
/// (`CommandConfiguration(usage:)`) by seven columns, under the command's name.
/// The man pages do not use it: generate-manual writes their synopsis from
/// the arguments themselves.
enum UsageLine {
    /// The columns `--help` must fit.
    static let columns = 80
    /// What swift-argument-parser prints before the usage, and indents its later lines by.
    static let label = "USAGE: "
    /// What later lines are indented by beyond that, so that they read as one usage.
    static let continuation = "  "

    /// `line` (`refocus start [--list <list> ...] …`) broken between its items
    /// wherever the next would pass the last column; an item (`[--list <list> ...]`,
    /// `<name>`) is never split.
    static func wrapped(_ line: String) -> String {
        let width = columns - label.count
        var lines: [String] = []
        var current = ""
        for item in items(of: line) {
            if current.isEmpty || current == continuation {
                current += item
            } else if current.count + 1 + item.count > width {
                lines.append(current)
                current = continuation + item
            } else {
                current += " " + item
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// The words of `line` outside brackets: `[--list <list> ...]` is one item.
    static func items(of line: String) -> [String] {
        var items: [String] = []
        var item = ""
        var depth = 0
        for character in line {
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth = max(0, depth - 1) }
            if character == " ", depth == 0 {
                if !item.isEmpty { items.append(item) }
                item = ""
            } else {
                item.append(character)
            }
        }
        if !item.isEmpty { items.append(item) }
        return items
    }
}
