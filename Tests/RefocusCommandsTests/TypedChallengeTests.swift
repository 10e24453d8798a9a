import RefocusTestSupport
import Testing

@testable import RefocusCommands

/// The challenge of `refocus stop --emergency`: its text (30 characters of
/// an alphabet without 0, O, 1, l and I, shown in groups of 5), and the
/// judgement of recorded keys: the text typed at a person's pace is
/// accepted, with spaces or corrections; a paste (keys in bursts, or the
/// whole too fast) and another text are refused. The real terminal's path
/// is `EmergencyChallengeTerminalTests`.
@Suite struct TypedChallengeTests {
    static let millisecond: UInt64 = 1_000_000
    static let challenge = TypedChallenge(text: "ABCDEFGHJKmnpqr23456XYZabcdefg")

    /// `text` then Enter, a key every `gap` milliseconds from a start of 5 s.
    static func typed(_ text: String, gap: UInt64) -> [TypedChallenge.Key] {
        (Array(text.utf8) + [0x0D]).enumerated().map { index, byte in
            TypedChallenge.Key(byte: byte, at: 5_000 * millisecond + UInt64(index) * gap * millisecond)
        }
    }

    @Test func aChallengeIsThirtyCharactersOfTheUnambiguousAlphabet() {
        #expect(Set(TypedChallenge.alphabet).isDisjoint(with: "0O1lI"))
        #expect(TypedChallenge.alphabet.count == 57 && Set(TypedChallenge.alphabet).count == 57)
        var generator = SeededGenerator(seed: 31)
        var seen = Set<Character>()
        for _ in 0..<200 {
            let text = TypedChallenge(using: &generator).text
            #expect(text.count == 30 && text.allSatisfy { TypedChallenge.alphabet.contains($0) }, "\(text)")
            seen.formUnion(text)
        }
        #expect(seen.count == 57, "every character of the alphabet comes up: \(seen.count)")
        #expect(TypedChallenge().text != TypedChallenge().text, "the system's generator gives another text each time")
    }

    @Test func itIsShownInGroupsOfFive() {
        #expect(Self.challenge.shown == "ABCDE FGHJK mnpqr 23456 XYZab cdefg")
    }

    @Test(arguments: [80, 61, 250] as [UInt64])
    func theTextTypedAtAPersonsPaceMatches(gap: UInt64) {
        #expect(Self.challenge.judge(Self.typed(Self.challenge.text, gap: gap)) == .matched)
    }

    @Test func spacesBetweenGroupsAndCorrectionsAreAllowed() {
        #expect(Self.challenge.judge(Self.typed(Self.challenge.shown, gap: 80)) == .matched)
        // A wrong key erased with Backspace (DEL), another with Ctrl-H, a false start erased with Ctrl-U.
        let corrected = "zz\u{15}ABCDEFGx\u{7F}HJKmnpqr23456XYZay\u{8}bcdefg"
        #expect(Self.challenge.judge(Self.typed(corrected, gap: 80)) == .matched)
    }

    @Test func anotherTextIsRefused() {
        #expect(Self.challenge.judge(Self.typed("ABCDEFGHJKmnpqr23456XYZabcdefh", gap: 80)) == .mismatched)
        #expect(Self.challenge.judge(Self.typed("abcdefghjkMNPQR23456xyzABCDEFG", gap: 80)) == .mismatched)
        #expect(Self.challenge.judge(Self.typed(Self.challenge.text + "x", gap: 80)) == .mismatched)
        #expect(Self.challenge.judge(Self.typed(String(Self.challenge.text.dropLast()), gap: 80)) == .mismatched)
        #expect(Self.challenge.judge([]) == .mismatched)
    }

    @Test func keysThatArriveTogetherArePasted() {
        // One read: every key at the same time, as a paste or `tmux send-keys TEXT` gives them.
        #expect(Self.challenge.judge(Self.typed(Self.challenge.text, gap: 0)) == .pasted)
        // Another text pasted is refused as pasted too: a paste learns nothing of the text.
        #expect(Self.challenge.judge(Self.typed("nothing like it", gap: 0)) == .pasted)
    }

    @Test func moreThanTwoBurstsArePasted() {
        func withBursts(_ count: Int) -> [TypedChallenge.Key] {
            // Keys 80 ms apart, but for `count` keys 5 ms after the one before (a fast typist's rollover).
            var at: UInt64 = 0
            return (Array(Self.challenge.text.utf8) + [0x0D]).enumerated().map { index, byte in
                at += (index > 0 && index <= count * 3 && index % 3 == 0 ? 5 : 80) * Self.millisecond
                return TypedChallenge.Key(byte: byte, at: at)
            }
        }
        #expect(Self.challenge.judge(withBursts(2)) == .matched)
        #expect(Self.challenge.judge(withBursts(3)) == .pasted)
    }

    @Test func theWholeTextFasterThanAPersonTypesIsPasted() {
        // 59 ms a key: no burst, but 31 keys in 1.77 s, under 30 × 60 ms.
        #expect(Self.challenge.judge(Self.typed(Self.challenge.text, gap: 59)) == .pasted)
        #expect(Self.challenge.judge(Self.typed(Self.challenge.text, gap: 15)) == .pasted)
    }

    @Test func theLineAsTypedIsEchoedWithItsCorrections() {
        var shown = 0
        let edits = Array("ab\u{7F}\u{15}\u{1B}c\r".utf8).map(TypedChallenge.Edit.init)
        let echoed = edits.map { TerminalKeys.echo($0, shown: &shown) }
        #expect(echoed == ["a", "b", "\u{8} \u{8}", "\u{8} \u{8}", "?", "c", "\r\n"])
        var empty = 0
        #expect(TerminalKeys.echo(.erase, shown: &empty) == "" && empty == 0)
    }
}
