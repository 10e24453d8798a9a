/// The time left in large digits: a font of five rows drawn with full
/// blocks (`█`, in every Linux console font) or `#` where the terminal
/// cannot show them. Each digit is four columns wide, the colon one; glyphs
/// are joined by one blank column, so `25:00` is 21 columns and `1:02:03` 28.
public enum BigDigits {
    /// How many rows every glyph has.
    public static let height = 5

    /// The glyphs, `#` for a lit cell.
    private static let glyphs: [Character: [String]] = [
        "0": ["####", "#  #", "#  #", "#  #", "####"],
        "1": [" ## ", "  # ", "  # ", "  # ", " ###"],
        "2": ["####", "   #", "####", "#   ", "####"],
        "3": ["####", "   #", " ###", "   #", "####"],
        "4": ["#  #", "#  #", "####", "   #", "   #"],
        "5": ["####", "#   ", "####", "   #", "####"],
        "6": ["####", "#   ", "####", "#  #", "####"],
        "7": ["####", "   #", "  # ", " #  ", " #  "],
        "8": ["####", "#  #", "####", "#  #", "####"],
        "9": ["####", "#  #", "####", "   #", "####"],
        ":": [" ", "#", " ", "#", " "],
    ]

    /// `text` (digits and colons; anything else is a blank digit) as
    /// `height` rows of equal width, lit cells `█`, or `#` when `ascii`.
    public static func rows(_ text: String, ascii: Bool = false) -> [String] {
        let blank = Array(repeating: "    ", count: height)
        let parts = text.map { glyphs[$0] ?? blank }
        let lit: Character = ascii ? "#" : "█"
        return (0..<height).map { row in
            String(parts.map { $0[row] }.joined(separator: " ").map { $0 == "#" ? lit : $0 })
        }
    }

    /// How many columns `text` takes.
    public static func width(_ text: String) -> Int {
        text.isEmpty ? 0 : text.map { $0 == ":" ? 1 : 4 }.reduce(0, +) + text.count - 1
    }

    /// The countdown text for `seconds` left: `4:59`, `25:00`, `1:02:03`;
    /// whole seconds rounded up, so that `0:00` shows only at the end.
    public static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded(.up)))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
