/// The command part of a crontab line: words quoted for `/bin/sh`, which
/// cron runs it with, and then escaped for cron itself, which turns an
/// unescaped `%` into a line break (and what follows into the command's
/// standard input) and reads `\%` as `%` and `\\` as `\` (do_command.c).
public enum CrontabCommand {
    /// One command line for a crontab: the `environment` assignments
    /// (`NAME=value`, the value quoted), then `words`, each quoted for sh
    /// when it holds anything beyond letters, digits and `@%+=:,./_-`, then
    /// `\` and `%` escaped for cron. Nil when a value or word holds a line
    /// break or NUL, which no crontab line can carry.
    public static func line(environment: [(name: String, value: String)] = [], words: [String]) -> String? {
        let all = environment.map(\.value) + words
        guard !all.contains(where: { $0.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\0" } }) else {
            return nil
        }
        let assignments = environment.map { $0.name + "=" + quote($0.value) }
        return escapeForCron((assignments + words.map(quote)).joined(separator: " "))
    }

    /// `word` as sh reads it back: bare when every character is safe, else in
    /// single quotes, with each `'` written `'\''`.
    static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "@%+=:,./_-".unicodeScalars.contains($0))
        }
        if safe, !word.isEmpty { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// `text` with every `\` doubled and every `%` escaped, so that cron passes it to sh unchanged.
    static func escapeForCron(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == #"\"# { escaped.append(#"\"#) }
            escaped.append(character)
        }
        return escaped
    }

    /// The words and the comment of a command line this type wrote: cron's
    /// escapes undone, then split as sh splits words made of bare characters,
    /// single-quoted parts and backslash-escaped characters, up to a `#` that
    /// starts a word. Nil for anything else (an unescaped `%`, double quotes,
    /// `$`, an unterminated quote): a line refocus did not write.
    public static func words(of line: Substring) -> (words: [String], comment: String?)? {
        guard let text = unescapeForCron(line) else { return nil }
        var words: [String] = []
        var word: String?
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if let done = word { words.append(done) }
                word = nil
            case "#" where word == nil:
                var comment = ""
                while let rest = characters.next() { comment.append(rest) }
                return (words, comment)
            case "'":
                var quoted = ""
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    quoted.append(next)
                }
                word = (word ?? "") + quoted
            case #"\"#:
                guard let next = characters.next() else { return nil }
                word = (word ?? "") + String(next)
            case "\"", "$", "`", ";", "&", "|", "<", ">", "(", ")", "*", "?", "[", "~", "{", "}":
                return nil
            default:
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return (words, nil)
    }

    /// `text` with cron's escapes undone; nil when it holds an unescaped `%`.
    static func unescapeForCron(_ text: Substring) -> String? {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                if character != "%" && character != #"\"# { result.append(#"\"#) }
                result.append(character)
                escaped = false
            } else if character == #"\"# {
                escaped = true
            } else if character == "%" {
                return nil
            } else {
                result.append(character)
            }
        }
        if escaped { result.append(#"\"#) }
        return result
    }
}
