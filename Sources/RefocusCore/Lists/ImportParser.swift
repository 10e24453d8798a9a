/// Reads the block lists people already have, line by line, whatever their
/// format: hosts files (`0.0.0.0 ads.example.com`), Adblock rules
/// (`||example.com^`) and plain lists of domains, addresses or URLs.
///
/// Nothing is dropped silently: every line yields entries, is a comment, or
/// is rejected with its number and the reason.
public enum ImportParser {
    /// What a text yielded.
    public struct Result: Sendable, Equatable {
        /// The entries in order of appearance, repeats included.
        public var entries: [BlockEntry] = []
        /// Lines or names that could not be imported, with the reason.
        public var rejected: [ImportRejection] = []

        /// The rejections grouped by kind, the largest group first, with up
        /// to `examples` of each in order of appearance.
        public func rejectedByKind(examples: Int) -> [(kind: String, count: Int, examples: [ImportRejection])] {
            var groups: [String: (count: Int, first: Int, examples: [ImportRejection])] = [:]
            for (index, rejection) in rejected.enumerated() {
                var group = groups[rejection.kind] ?? (0, index, [])
                group.count += 1
                if group.examples.count < examples { group.examples.append(rejection) }
                groups[rejection.kind] = group
            }
            return groups.sorted { ($1.value.count, $0.value.first) < ($0.value.count, $1.value.first) }
                .map { (kind: $0.key, count: $0.value.count, examples: $0.value.examples) }
        }
    }

    /// Names that hosts files map for the machine itself, never sites.
    static let localNames: Set<Substring> = [
        "localhost", "localhost.localdomain", "local", "broadcasthost", "ip6-localhost",
        "ip6-loopback", "ip6-localnet", "ip6-mcastprefix", "ip6-allnodes", "ip6-allrouters",
        "ip6-allhosts", "0.0.0.0",
    ]

    /// Addresses that a hosts file uses to block a name.
    static let blockingAddresses: Set<Substring> = ["0.0.0.0", "127.0.0.1", "::", "::1", "0:0:0:0:0:0:0:0"]

    /// Parses a whole text.
    public static func parse(_ text: String) -> Result {
        var result = Result()
        let lines = text.lines()
        for (index, line) in lines.enumerated() {
            parse(line: line, number: index + 1, into: &result)
        }
        return result
    }

    private static func parse(line: Substring, number: Int, into result: inout Result) {
        let trimmed = line.trimmingASCIIWhitespace()
        // Adblock comments and headers.
        if trimmed.hasPrefix("!") || trimmed.lowercased().hasPrefix("[adblock") { return }
        if trimmed.hasPrefix("||") || trimmed.hasPrefix("@@") || isCosmetic(trimmed) {
            record(adblockRule(trimmed), line: line, number: number, into: &result)
            return
        }
        let content = ListText<BlockEntry>.content(of: line)
        if content.isEmpty { return }
        let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count > 1 else {
            if isURLPattern(content) {
                record(.failure(ImportRefusal.urlPattern), line: line, number: number, into: &result)
            } else {
                record(Swift.Result { try BlockEntry(parsing: content) }, line: line, number: number, into: &result)
            }
            return
        }
        guard EntryText.isAddressAttempt(words[0]) else {
            record(
                .failure(
                    ImportRefusal(
                        kind: "more than one word and not a hosts line",
                        "more than one word and not a hosts line; put one entry on each line")),
                line: line, number: number, into: &result)
            return
        }
        guard blockingAddresses.contains(words[0]) else {
            record(
                .failure(
                    ImportRefusal(
                        kind: "a hosts line with an address that does not block",
                        "maps names to \(words[0]), which is not a blocking address "
                            + "(0.0.0.0, 127.0.0.1, ::, ::1)")),
                line: line, number: number, into: &result)
            return
        }
        for name in words.dropFirst() {
            if localNames.contains(name) {
                record(
                    .failure(
                        ImportRefusal(
                            kind: "this machine's own name", "'\(name)' is this machine's own name, not a site")),
                    line: line, number: number, into: &result)
            } else {
                record(Swift.Result { try BlockEntry(parsing: name) }, line: line, number: number, into: &result)
            }
        }
    }

    /// Whether the line is an element-hiding or scriptlet rule (`##`, `#@#`, `#?#`, `#$#`).
    private static func isCosmetic(_ rule: Substring) -> Bool {
        ["##", "#@#", "#?#", "#$#", "#%#"].contains { rule.contains($0) }
    }

    /// Whether a one-word line is an Adblock rule that matches part of any
    /// address (`/ads/*`, `/?view=ad`, `-banner.`, `|https://…`, `&ad=`), not a site.
    private static func isURLPattern(_ word: Substring) -> Bool {
        guard let first = word.first else { return false }
        if first == "/" || first == "|" { return true }
        if !(first.isLetter || first.isNumber || first == "[" || first == ".") { return true }
        // A pasted URL may hold anything after its host; a bare word with
        // Adblock's wildcards, separators or options is a pattern.
        return !word.contains("://") && word.contains { $0 == "*" || $0 == "^" || $0 == "$" }
    }

    /// `||example.com^` (or with `$document`) gives example.com and
    /// `||example.com/ads/` the path entry example.com/ads; other rules are
    /// refused with the reason.
    private static func adblockRule(_ rule: Substring) -> Swift.Result<BlockEntry, any Error> {
        if rule.hasPrefix("@@") { return .failure(ImportRefusal.exception) }
        if isCosmetic(rule) { return .failure(ImportRefusal.cosmetic) }
        var body = rule.dropFirst(2)
        if let dollar = body.firstIndex(of: "$") {
            let options = body[body.index(after: dollar)...].split(separator: ",")
            guard !options.isEmpty, options.allSatisfy({ $0 == "document" || $0 == "doc" }) else {
                return .failure(
                    ImportRefusal(
                        kind: "a rule with options ($…)",
                        "the rule has options (\(body[dollar...])); only rules for a site or a path "
                            + "(||example.com^, ||example.com/path, $document) can be blocked"))
            }
            body = body[..<dollar]
        }
        if body.hasSuffix("|") { body = body.dropLast() }
        if body.hasSuffix("^") { body = body.dropLast() }
        // `/ads/*` and `/ads/` cover the same paths: a path entry is a prefix.
        if body.contains("/"), body.hasSuffix("*") { body = body.dropLast() }
        if body.contains("*") || body.contains("^") || body.contains("|") {
            return .failure(
                ImportRefusal(
                    kind: "a wildcard or separator inside a site rule",
                    "the rule has a wildcard (*) or separator (^) inside it; only rules for a "
                        + "site or a path (||example.com^, ||example.com/path) can be blocked"))
        }
        return Swift.Result { try BlockEntry(parsing: body) }
    }

    private static func record(
        _ parsed: Swift.Result<BlockEntry, any Error>, line: Substring, number: Int,
        into result: inout Result
    ) {
        switch parsed {
        case .success(let entry): result.entries.append(entry)
        case .failure(let error):
            let kind = (error as? ImportRefusal)?.kind ?? (error as? EntryError)?.kind ?? "other"
            result.rejected.append(ImportRejection(line: number, text: String(line), reason: "\(error)", kind: kind))
        }
    }
}

/// Why an import line is not a block rule: the kind it is counted under in
/// the report, and the full reason.
struct ImportRefusal: Error, CustomStringConvertible {
    let kind: String
    let description: String

    init(kind: String, _ description: String) {
        self.kind = kind
        self.description = description
    }

    static let exception = ImportRefusal(
        kind: "an exception rule (@@)", "an exception rule (@@) allows, it does not block")
    static let cosmetic = ImportRefusal(
        kind: "a cosmetic filter (##)",
        "a cosmetic filter hides page elements; only sites and paths can be blocked")
    static let urlPattern = ImportRefusal(
        kind: "a URL pattern for any site",
        "a URL pattern matches part of an address on any site; only rules for a "
            + "site or a path (||example.com^, ||example.com/path) can be blocked")
}
