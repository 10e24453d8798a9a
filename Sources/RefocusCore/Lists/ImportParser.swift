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
        public var rejected: [ListLineIssue] = []
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
        if trimmed.hasPrefix("||") || trimmed.hasPrefix("@@") || trimmed.contains("##") || trimmed.contains("#@#") {
            record(adblockRule(trimmed), line: line, number: number, into: &result)
            return
        }
        let content = ListText<BlockEntry>.content(of: line)
        if content.isEmpty { return }
        let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count > 1 else {
            record(Swift.Result { try BlockEntry(parsing: content) }, line: line, number: number, into: &result)
            return
        }
        guard EntryText.isAddressAttempt(words[0]) else {
            result.rejected.append(ListLineIssue(
                line: number, text: String(line),
                reason: "more than one word and not a hosts line; put one entry on each line"))
            return
        }
        guard blockingAddresses.contains(words[0]) else {
            result.rejected.append(ListLineIssue(
                line: number, text: String(line),
                reason: "maps names to \(words[0]), which is not a blocking address (0.0.0.0, 127.0.0.1, ::, ::1)"))
            return
        }
        for name in words.dropFirst() {
            if localNames.contains(name) {
                result.rejected.append(ListLineIssue(
                    line: number, text: String(line), reason: "'\(name)' is this machine's own name, not a site"))
            } else {
                record(Swift.Result { try BlockEntry(parsing: name) }, line: line, number: number, into: &result)
            }
        }
    }

    /// `||example.com^` gives example.com; other rules are refused with the reason.
    private static func adblockRule(_ rule: Substring) -> Swift.Result<BlockEntry, any Error> {
        if rule.hasPrefix("@@") { return .failure(ImportRefusal("an exception rule (@@) allows, it does not block")) }
        if rule.contains("##") || rule.contains("#@#") {
            return .failure(ImportRefusal("a cosmetic filter hides page elements; only whole domains can be blocked"))
        }
        var body = rule.dropFirst(2)
        if let dollar = body.firstIndex(of: "$") {
            return .failure(ImportRefusal(
                "the rule has options (\(body[dollar...])); only whole-domain rules (||example.com^) can be blocked"))
        }
        if body.hasSuffix("^") { body = body.dropLast() }
        if body.contains("/") || body.contains("*") || body.contains("^") {
            return .failure(ImportRefusal("the rule matches part of a site; only whole-domain rules (||example.com^) can be blocked"))
        }
        return Swift.Result { try BlockEntry(parsing: body) }
    }

    private static func record(_ parsed: Swift.Result<BlockEntry, any Error>, line: Substring, number: Int,
                               into result: inout Result) {
        switch parsed {
        case .success(let entry): result.entries.append(entry)
        case .failure(let error):
            result.rejected.append(ListLineIssue(line: number, text: String(line), reason: "\(error)"))
        }
    }
}

/// Why an import line is not a block rule.
struct ImportRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
