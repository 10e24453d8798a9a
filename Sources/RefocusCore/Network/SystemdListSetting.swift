/// A list setting of systemd's own configuration files (resolved.conf's
/// `DNS=`, timesyncd.conf's `NTP=`, …): `Key=word word …` lines in one
/// `[Section]`, read across the main file and its drop-ins in the order
/// systemd reads them. Each line adds its words; an empty assignment
/// (`Key=`) empties the list so far, as systemd does. Lines starting with
/// `#` or `;` are comments. Pure parsing: never fails, a line it does not
/// understand is skipped.
public enum SystemdListSetting {
    /// The words of `key` in `[section]` of `texts`, in order, without duplicates.
    public static func values(of key: String, section: String, in texts: [String]) -> [String] {
        var values: [String] = []
        for text in texts {
            var inSection = false
            for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                let line = rawLine.trimmingBlanks
                guard let first = line.first, first != "#", first != ";" else { continue }
                if first == "[" {
                    inSection = line == "[\(section)]"
                    continue
                }
                guard inSection, let equals = line.firstIndex(of: "="),
                    line[..<equals].trimmingBlanks == key
                else { continue }
                let words = line[line.index(after: equals)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.isEmpty { values.removeAll() }
                for word in words.map(String.init) where !values.contains(word) { values.append(word) }
            }
        }
        return values
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingBlanks: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
