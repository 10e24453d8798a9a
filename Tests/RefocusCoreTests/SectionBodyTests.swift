import Testing
@testable import RefocusCore

@Suite struct SectionBodyTests {
    static let bodies: [[String]] = [
        [], [""], ["x"], ["", "", "x", ""], ["0.0.0.0 a.example", ":: a.example"], ["caf\u{E9}", "\t# note"],
    ]

    @Test(arguments: bodies)
    func keepsItsLines(lines: [String]) throws {
        let body = try SectionBody(lines: lines)
        #expect(body.lines == lines)
        #expect(body.lineCount == lines.count)
        #expect(body.isEmpty == lines.isEmpty)
        #expect(body.bytes == Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    @Test func emptyIsNoLines() throws {
        #expect(SectionBody.empty == (try SectionBody(lines: [String]())))
        #expect(SectionBody.empty.bytes.isEmpty)
    }

    @Test(arguments: [(["a", "b\r"], 2), (["\n"], 1), (["a", "b", "c\nd"], 3)])
    func refusesLineBreaks(lines: [String], index: Int) {
        #expect(throws: ManagedSectionError.lineBreakInBody(index: index)) { try SectionBody(lines: lines) }
    }

    @Test func findsMarkersAmongCommentLines() throws {
        let section = try ManagedSection(name: "refocus")
        let body = try SectionBody(lines: ["0.0.0.0 a.example", "# note", "# END other", " \t# END refocus ", "x"])
        #expect(throws: ManagedSectionError.markerInBody(index: 4, name: "refocus")) {
            try section.split([]).replacingBody(with: body)
        }
    }

    @Test func writesTheFileTerminator() throws {
        let body = try SectionBody(lines: ["a", "", "b"])
        var text: [UInt8] = [0x41]
        body.append(to: &text, terminator: [0x0D, 0x0A])
        #expect(text == Array("Aa\r\n\r\nb\r\n".utf8))
        #expect(text.count == 1 + body.count(withTerminator: [0x0D, 0x0A]))
    }
}

@Suite struct ByteHelperTests {
    /// Arrays of every length up to 20 with line feeds at a few places, and every range of them.
    static var samples: [([UInt8], Range<Int>)] {
        var samples: [([UInt8], Range<Int>)] = []
        for length in 0...20 {
            for feeds in [[], [0], [length - 1], [3, 9], [8, 15, 16]] {
                var bytes = (0..<length).map { UInt8(0x61 + $0 % 7) }
                for feed in feeds where (0..<length).contains(feed) { bytes[feed] = 0x0A }
                for lower in 0...length {
                    for upper in lower...length { samples.append((bytes, lower..<upper)) }
                }
            }
        }
        return samples
    }

    @Test func findsTheFirstLineFeedLikeFirstIndex() {
        for (bytes, range) in Self.samples {
            #expect(bytes.firstLineFeed(in: range) == bytes[range].firstIndex(of: 0x0A), "\(bytes) \(range)")
        }
    }

    @Test func comparesBytesLikeEquality() {
        for (bytes, range) in Self.samples {
            let same = Array(bytes[range])
            #expect(bytes.bytes(in: range, equal: same))
            for index in same.indices {
                var other = same
                other[index] ^= 0x20
                #expect(!bytes.bytes(in: range, equal: other), "\(bytes) \(range) \(index)")
            }
            #expect(!bytes.bytes(in: range, equal: same + [0x61]))
        }
    }
}
