/// The text `refocus stop --emergency` asks a person to type back before it
/// asks for the emergency exit, and the judgement of what came back: the
/// same text, typed at a person's pace (keys from a paste or a program come
/// all at once, so the judgement refuses them).
///
/// The text is 30 characters drawn from an alphabet without the characters
/// people confuse (no 0, O, 1, l or I), shown in groups of 5. What was typed
/// is compared without spaces, so the groups may be typed with or without
/// them. Pure: the keys and their times come in (`TerminalKeys` reads them).
struct TypedChallenge: Equatable {
    /// The characters to type, without the spaces between groups.
    let text: String

    /// The characters a challenge is made of: letters of both cases and
    /// digits, less 0, O, 1, l and I.
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")
    /// How many characters a challenge has.
    static let length = 30
    /// How many characters each group shows.
    static let groupLength = 5
    /// Keys that come within this of the one before are a machine's, not a person's.
    static let burstNanoseconds: UInt64 = 10_000_000
    /// More keys than this within `burstNanoseconds` of the one before is a paste.
    static let burstsAllowed = 2
    /// The least time a person takes per character of the challenge.
    static let nanosecondsPerCharacter: UInt64 = 60_000_000
    /// Keys read at most before the judgement ends the reading.
    static let maximumKeys = 4 * length

    /// A new challenge from `generator` (the system's random generator, unless a test gives one).
    init(using generator: inout some RandomNumberGenerator) {
        text = String(
            (0..<Self.length).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)] })
    }

    /// A new challenge from the system's random generator (getrandom(2)).
    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// The challenge `text`, as given (a test's).
    init(text: String) {
        self.text = text
    }

    /// `ABCDE FGHJK …`: the text as shown, in groups of 5.
    var shown: String {
        stride(from: 0, to: text.count, by: Self.groupLength).map { start in
            String(text.dropFirst(start).prefix(Self.groupLength))
        }.joined(separator: " ")
    }

    /// One key as the terminal gave it: its byte and when it was read (CLOCK_MONOTONIC, nanoseconds).
    struct Key: Equatable {
        let byte: UInt8
        let at: UInt64
    }

    /// What the keys amount to.
    enum Verdict: Equatable {
        /// The text, typed at a person's pace.
        case matched
        /// Another text.
        case mismatched
        /// Keys faster than a person types: a paste, or a program.
        case pasted
    }

    /// What a key does to the line being typed.
    enum Edit: Equatable {
        /// Adds its character.
        case character(UInt8)
        /// Removes the last character (Backspace, Ctrl-H).
        case erase
        /// Removes every character (Ctrl-U).
        case eraseLine
        /// Ends the line (Enter).
        case end

        /// What `byte` does.
        init(_ byte: UInt8) {
            switch byte {
            case 0x0D, 0x0A: self = .end
            case 0x7F, 0x08: self = .erase
            case 0x15: self = .eraseLine
            default: self = .character(byte)
            }
        }
    }

    /// The verdict on `keys`, the last of them Enter (or the keys read when the
    /// reading stopped at `maximumKeys`). A paste is judged first, so a pasted
    /// text learns nothing of whether it matched: more than `burstsAllowed`
    /// keys within `burstNanoseconds` of the one before, or the whole, from
    /// the first key to the last, in less than `nanosecondsPerCharacter`
    /// for each character of the challenge.
    func judge(_ keys: [Key]) -> Verdict {
        guard let first = keys.first, let last = keys.last else { return .mismatched }
        let bursts = zip(keys, keys.dropFirst()).filter { $1.at &- $0.at < Self.burstNanoseconds }.count
        let least = Self.nanosecondsPerCharacter * UInt64(text.count)
        if bursts > Self.burstsAllowed || last.at &- first.at < least { return .pasted }
        let typed = Self.line(keys.map(\.byte)).filter { $0 != UInt8(ascii: " ") }
        return typed == Array(text.utf8) ? .matched : .mismatched
    }

    /// The characters `bytes` leave on the line, up to the first Enter (spaces too).
    static func line(_ bytes: [UInt8]) -> [UInt8] {
        var line: [UInt8] = []
        for byte in bytes {
            switch Edit(byte) {
            case .character(let character): line.append(character)
            case .erase: _ = line.popLast()
            case .eraseLine: line.removeAll()
            case .end: return line
            }
        }
        return line
    }
}
