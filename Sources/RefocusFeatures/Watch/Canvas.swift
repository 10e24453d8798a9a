/// A screen's worth of cells, each a character and a style, turned into
/// lines of text with or without colour (ANSI SGR sequences only, which
/// every terminal, ssh session and Linux console understands).
public struct Canvas: Sendable, Equatable {
    /// How a cell is drawn.
    public enum Style: Sendable, Equatable {
        case plain, bold, dim
        /// The session's colour (tomato red at work, sage green in a break, dim while paused).
        case accent
        /// The same, bold.
        case accentBold
    }

    /// Its size in cells.
    public let width: Int
    public let height: Int
    private var characters: [[Character]]
    private var styles: [[Style]]

    /// A blank canvas of `width` × `height` cells.
    public init(width: Int, height: Int) {
        (self.width, self.height) = (max(0, width), max(0, height))
        characters = Array(repeating: Array(repeating: " ", count: self.width), count: self.height)
        styles = Array(repeating: Array(repeating: .plain, count: self.width), count: self.height)
    }

    /// Writes `text` from (`row`, `column`), clipped to the canvas; spaces
    /// in it leave what is below them when `transparent`.
    public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, transparent: Bool = false) {
        guard (0..<height).contains(row) else { return }
        for (offset, character) in text.enumerated() {
            let at = column + offset
            guard (0..<width).contains(at), !(transparent && character == " ") else { continue }
            characters[row][at] = character
            styles[row][at] = style
        }
    }

    /// Writes `text` centred on `row`, cut to the width with `…` when longer.
    public mutating func centre(_ text: String, row: Int, style: Style = .plain) {
        let fitted = Self.fit(text, width)
        put(fitted, row: row, column: (width - fitted.count) / 2, style: style)
    }

    /// `text` cut to `width` characters, ending in `…` when cut.
    public static func fit(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        return width <= 0 ? "" : String(text.prefix(width - 1)) + "…"
    }

    /// The rows as text, trailing blanks dropped; styled by `palette`, or
    /// plain (no escape at all) without one.
    public func lines(_ palette: Palette?) -> [String] {
        (0..<height).map { row in
            let end = (characters[row].lastIndex { $0 != " " } ?? -1) + 1
            guard let palette else { return String(characters[row][..<end]) }
            var line = ""
            var current = Style.plain
            for column in 0..<end {
                let style = characters[row][column] == " " && current != .plain ? current : styles[row][column]
                if style != current {
                    line += "\u{1B}[0m"
                    if let code = palette.code(style) { line += "\u{1B}[\(code)m" }
                    current = style
                }
                line.append(characters[row][column])
            }
            return current == .plain ? line : line + "\u{1B}[0m"
        }
    }
}

/// The colours of a session's view: the Pomodoro app's warm tomato red for
/// work (and sessions without a plan), sage green for breaks, dim while
/// paused; as 24-bit, 256-colour or the 8 basic colours the terminal has.
public struct Palette: Sendable, Equatable {
    /// How many colours the terminal shows.
    public enum Depth: Sendable, Equatable {
        case basic, palette256, trueColor
    }

    /// Which colour the session has.
    public enum Accent: Sendable, Equatable {
        case work, rest, paused
    }

    public var depth: Depth
    public var accent: Accent

    /// A palette.
    public init(depth: Depth, accent: Accent) {
        (self.depth, self.accent) = (depth, accent)
    }

    /// The SGR parameters of `style`; nil for plain.
    public func code(_ style: Style) -> String? {
        switch style {
        case .plain: nil
        case .bold: "1"
        case .dim: "2"
        case .accent: accentCode
        case .accentBold: accent == .paused ? "2" : "1;" + accentCode
        }
    }

    public typealias Style = Canvas.Style

    private var accentCode: String {
        switch (accent, depth) {
        case (.paused, _): "2"
        case (.work, .trueColor): "38;2;229;83;61"  // tomato red
        case (.work, .palette256): "38;5;203"
        case (.work, .basic): "31"
        case (.rest, .trueColor): "38;2;143;179;138"  // sage green
        case (.rest, .palette256): "38;5;108"
        case (.rest, .basic): "32"
        }
    }
}
