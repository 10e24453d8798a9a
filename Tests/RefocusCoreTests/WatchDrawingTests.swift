import RefocusCore
import Testing
import RefocusFeatures

/// The pieces `refocus watch` draws with: the ring depleting clockwise
/// from 12 o'clock, the bar, the large digits, the canvas's colours and the
/// frame diff that rewrites only changed lines.
@Suite struct WatchDrawingTests {
    static let ring = Ring(rows: 12)

    /// The quadrants (top-right, bottom-right, bottom-left, top-left: clockwise from 12) holding a dot.
    static func quadrants(_ lines: [String]) -> [Bool] {
        var lit = [false, false, false, false]
        for (row, line) in lines.enumerated() {
            for (column, character) in line.enumerated() where character != " " {
                let (right, bottom) = (column >= ring.columns / 2, row >= ring.rows / 2)
                lit[right ? (bottom ? 1 : 0) : (bottom ? 2 : 3)] = true
            }
        }
        return lit
    }

    @Test(arguments: [
        (1.0, [true, true, true, true]), (0.5, [false, false, true, true]),
        (0.25, [false, false, false, true]), (0.0, [false, false, false, false]),
    ])
    func theRingKeepsTheQuadrantsStillToRun(remaining: Double, expected: [Bool]) {
        let lines = Self.ring.lines(remaining: remaining)
        #expect(lines.count == 12 && lines.allSatisfy { $0.count == 24 })
        #expect(Self.quadrants(lines) == expected, "\(remaining):\n\(lines.joined(separator: "\n"))")
    }

    @Test func aFullRingIsRoundAndDrawnInBraille() {
        let lines = Self.ring.lines(remaining: 1)
        let dots = lines.joined().unicodeScalars.filter { $0 != " " }
        #expect(!dots.isEmpty && dots.allSatisfy { (0x2801...0x28FF).contains($0.value) })
        // The cells holding dots are symmetric left to right and top to bottom.
        let masks = lines.map { $0.map { $0 != " " } }
        #expect(masks.allSatisfy { $0 == $0.reversed() } && masks == masks.reversed())
        // Empty in the middle: the digits go there.
        #expect(lines[6].dropFirst(6).prefix(12).allSatisfy { $0 == " " })
        #expect(Self.ring.fits(width: 21, height: 7) == false && Ring(rows: 18).fits(width: 21, height: 7))
    }

    @Test func theRingDepletesClockwiseFromTwelve() {
        // A little gone: the dots just right of 12 o'clock go first, those just left of it stay.
        let lines = Self.ring.lines(remaining: 0.95)
        let top = Array(lines[0])
        #expect(top[11] != " " && top[12] == " ", "\(lines[0])")
    }

    @Test(arguments: [(1.0, "██████████"), (0.5, "█████░░░░░"), (0.01, "█░░░░░░░░░"), (0.0, "░░░░░░░░░░")])
    func theBarFillsFromTheLeft(remaining: Double, expected: String) {
        #expect(Ring.bar(width: 10, remaining: remaining) == expected)
        #expect(
            Ring.bar(width: 10, remaining: remaining, ascii: true)
                == expected.replacingAll("█", "#").replacingAll("░", "-"))
    }

    @Test func digitsAreFiveRowsOfBlocks() {
        let rows = BigDigits.rows("25:00")
        #expect(
            rows == [
                "████ ████   ████ ████",
                "   █ █    █ █  █ █  █",
                "████ ████   █  █ █  █",
                "█       █ █ █  █ █  █",
                "████ ████   ████ ████",
            ])
        #expect(BigDigits.width("25:00") == 21 && BigDigits.width("1:02:03") == 28)
        #expect(BigDigits.rows("1", ascii: true) == [" ## ", "  # ", "  # ", "  # ", " ###"])
    }

    @Test(arguments: [(0.0, "0:00"), (0.2, "0:01"), (59.0, "0:59"), (1500, "25:00"), (3723, "1:02:03"), (-3, "0:00")])
    func theClockRoundsUp(seconds: Double, expected: String) {
        #expect(BigDigits.clock(seconds) == expected)
    }

    @Test func aCanvasInColourAndWithout() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("ab", row: 0, column: 0, style: .accentBold)
        canvas.put("c", row: 0, column: 3, style: .dim)
        #expect(canvas.lines(nil) == ["ab c", ""])
        let red = canvas.lines(Palette(depth: .basic, accent: .work))
        #expect(red[0] == "\u{1B}[0m\u{1B}[1;31mab \u{1B}[0m\u{1B}[2mc\u{1B}[0m")
        #expect(canvas.lines(Palette(depth: .trueColor, accent: .rest))[0].contains("38;2;143;179;138"))
        #expect(canvas.lines(Palette(depth: .palette256, accent: .work))[0].contains("38;5;203"))
        canvas.centre("a long line", row: 1)
        #expect(canvas.lines(nil)[1] == "a long li…")
    }

    @Test func theDiffRewritesOnlyChangedLines() {
        var diff = FrameDiff(rows: 3)
        #expect(diff.update(to: ["a", "b"]) == "\u{1B}[1;1Ha\u{1B}[K\u{1B}[2;1Hb\u{1B}[K")
        #expect(diff.update(to: ["a", "b"]) == "")
        #expect(diff.update(to: ["a", "c", "d", "beyond"]) == "\u{1B}[2;1Hc\u{1B}[K\u{1B}[3;1Hd\u{1B}[K")
        #expect(diff.update(to: ["a"]) == "\u{1B}[2;1H\u{1B}[K\u{1B}[3;1H\u{1B}[K")
        diff.reset()
        #expect(diff.update(to: ["a"]) == "\u{1B}[1;1Ha\u{1B}[K")
    }
}

extension String {
    fileprivate func replacingAll(_ old: Character, _ new: Character) -> String { String(map { $0 == old ? new : $0 }) }
}
