import RefocusCore
import RefocusFeatures

/// What the terminal can show, from the environment: colours unless
/// NO_COLOR is set (to anything but the empty string) or TERM is `dumb`
/// (24-bit with COLORTERM `truecolor` or `24bit`, 256 with a TERM naming
/// `256color`, else the 8 basic ones); ASCII only unless the locale
/// (LC_ALL, LC_CTYPE, LANG: the first set) is UTF-8; braille except on the
/// Linux console (TERM `linux`), whose fonts lack it: a bar there.
extension WatchView.Screen {
    /// The screen of `columns` × `rows` cells that `environment` describes.
    init(columns: Int, rows: Int, environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        self.init(columns: columns, rows: rows, depth: Self.depth(environment))
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        ascii = !(locale.lowercased().contains("utf-8") || locale.lowercased().contains("utf8"))
        braille = term != "linux" && !term.hasPrefix("linux-")
    }

    /// The colours `environment` allows; nil for none.
    static func depth(_ environment: [String: String]) -> Palette.Depth? {
        let term = environment["TERM"] ?? ""
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
        if term == "dumb" { return nil }
        if ["truecolor", "24bit"].contains(environment["COLORTERM"] ?? "") { return .trueColor }
        return term.contains("256color") ? .palette256 : .basic
    }
}
