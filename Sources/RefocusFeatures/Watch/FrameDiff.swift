/// What to send a terminal to turn the frame it shows into the next one:
/// only the lines that changed, each rewritten in place (cursor to its row,
/// the text, the rest of the row erased), never the whole screen, so that a
/// tick that changes one digit rewrites five lines and nothing flickers.
public struct FrameDiff: Sendable {
    /// The lines the terminal shows, as last sent.
    public private(set) var shown: [String]
    /// How many rows the screen has.
    public let rows: Int

    /// A diff against a blank screen of `rows` rows.
    public init(rows: Int) {
        self.rows = rows
        shown = []
    }

    /// The bytes that draw `lines` (at most `rows` of them) over what is shown, then remembers them.
    public mutating func update(to lines: [String]) -> String {
        let next = Array(lines.prefix(rows))
        var output = ""
        for row in 0..<max(next.count, shown.count) {
            let (old, new) = (row < shown.count ? shown[row] : "", row < next.count ? next[row] : "")
            guard old != new else { continue }
            output += "\u{1B}[\(row + 1);1H" + new + "\u{1B}[K"
        }
        shown = next
        return output
    }

    /// Forgets what is shown (after a resize, or when the screen was cleared):
    /// the next update draws every line.
    public mutating func reset() {
        shown = []
    }
}
