import Foundation

/// The links and headings of a markdown document, as GitHub reads them,
/// enough to check that the documents' relative links lead somewhere: inline
/// links and images (`[text](target)`), reference definitions (`[name]: target`),
/// and the anchors GitHub gives headings. Code (fenced blocks and inline spans)
/// holds no links.
enum MarkdownLinks {
    /// Every link target in `text`, in order.
    static func targets(in text: String) -> [String] {
        var targets: [String] = []
        for line in prose(of: text) where line.contains("](") || line.contains("]:") {
            if let definition = line.wholeMatch(of: /\s{0,3}\[[^\]]+\]:\s+(\S+).*/) {
                targets.append(String(definition.1))
                continue
            }
            for match in line.matches(of: /\]\(([^)\s]+)(\s+"[^"]*")?\)/) {
                targets.append(String(match.1))
            }
        }
        return targets
    }

    /// Whether `target` leads into the repository: not a URL with a scheme, nor mail.
    static func isRelative(_ target: String) -> Bool {
        target.firstMatch(of: /^[a-zA-Z][a-zA-Z0-9+.-]*:/) == nil
    }

    /// `target`'s file (empty for a heading of the same document) and its anchor, if any.
    static func split(_ target: String) -> (file: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// The anchors of `text`'s headings: lower case, punctuation but `-` and
    /// `_` dropped, spaces made `-`, and `-1`, `-2` … after a repeated one.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for line in prose(of: text, keepingInlineCode: true) where line.hasPrefix("#") {
            guard let heading = line.wholeMatch(of: /#{1,6}\s+(.*?)\s*#*\s*/) else { continue }
            let slug = String(
                heading.1.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
            let repeats = seen[slug, default: 0]
            seen[slug] = repeats + 1
            anchors.insert(repeats == 0 ? slug : "\(slug)-\(repeats)")
        }
        return anchors
    }

    /// The lines of `text` outside fenced code blocks, inline code spans blanked
    /// unless `keepingInlineCode` (a heading's anchor keeps their text).
    static func prose(of text: String, keepingInlineCode: Bool = false) -> [String] {
        var lines: [String] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            lines.append(keepingInlineCode ? String(line) : String(line.replacing(/`[^`]*`/, with: "")))
        }
        return lines
    }
}
