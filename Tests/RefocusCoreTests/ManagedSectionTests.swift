import Testing
import RefocusCore

/// The bytes of `text` as UTF-8.
private func b(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A section body of `lines`.
private func lines(_ lines: [String]) throws -> SectionBody { try SectionBody(lines: lines) }

/// The section every test uses, unless it says otherwise.
private func refocus() throws -> ManagedSection { try ManagedSection(name: "refocus") }

/// A labelled input for a parameterised test.
struct Case<Value: Sendable>: Sendable, CustomTestStringConvertible {
    let label: String
    let text: [UInt8]
    let value: Value
    init(_ label: String, _ text: [UInt8], _ value: Value) {
        self.label = label
        self.text = text
        self.value = value
    }
    var testDescription: String { label }
}

/// What `split` should find: BEGIN line, END line and body.
struct Found: Sendable, Equatable {
    let begin: Int?
    let end: Int?
    let body: [String]?
    static let none = Found(begin: nil, end: nil, body: nil)
}

// MARK: - Names

@Suite struct ManagedSectionNameTests {
    @Test(arguments: ["refocus", "a", "0", "re-focus_2", "9lives", "x-"])
    func validNames(name: String) throws {
        let section = try ManagedSection(name: name)
        #expect(section.name == name)
        #expect(section.beginMarker == "# BEGIN \(name)")
        #expect(section.endMarker == "# END \(name)")
    }

    @Test(arguments: ["", "Refocus", "A", "-x", "_x", "re focus", "réfocus", "a\n", "a.b", "a/b", " a"])
    func invalidNames(name: String) {
        #expect(throws: ManagedSectionError.invalidName(name)) { try ManagedSection(name: name) }
    }
}

// MARK: - Splitting

@Suite struct ManagedSectionSplitTests {
    static let cases: [Case<Found>] = [
        Case("empty file", [], .none),
        Case("no section", b("127.0.0.1 localhost\n"), .none),
        Case(
            "LF section", b("a\n# BEGIN refocus\nx\ny\n# END refocus\nb\n"), Found(begin: 2, end: 5, body: ["x", "y"])),
        Case("CRLF section", b("a\r\n# BEGIN refocus\r\nx\r\n# END refocus\r\n"), Found(begin: 2, end: 4, body: ["x"])),
        Case(
            "markers trimmed of spaces, tabs, CR", b(" \t# BEGIN refocus \t\r\nx\n\t# END refocus  \n"),
            Found(begin: 1, end: 3, body: ["x"])),
        Case("empty section", b("# BEGIN refocus\n# END refocus\n"), Found(begin: 1, end: 2, body: [])),
        Case("END without terminator", b("# BEGIN refocus\nx\n# END refocus"), Found(begin: 1, end: 3, body: ["x"])),
        Case(
            "blank lines in body kept", b("# BEGIN refocus\n\nx\n\n# END refocus\n"),
            Found(begin: 1, end: 5, body: ["", "x", ""])),
        Case(
            "other names are ordinary lines", b("# BEGIN other\n# END other\n# END refocusx\n# BEGIN refocus-2\n"),
            .none),
        Case(
            "other markers inside the body", b("# BEGIN refocus\n# BEGIN other\n# END other\n# END refocus\n"),
            Found(begin: 1, end: 4, body: ["# BEGIN other", "# END other"])),
        Case(
            "near-miss markers are ordinary", b("#BEGIN refocus\n# begin refocus\n# BEGIN  refocus\n# END refocus x\n"),
            .none),
        Case(
            "body decoded lossily", b("# BEGIN refocus\ncaf") + [0xE9] + b("\n# END refocus\n"),
            Found(begin: 1, end: 3, body: ["caf\u{FFFD}"])),
        Case(
            "bare CR inside a body line", b("# BEGIN refocus\nx\ry\n# END refocus\n"),
            Found(begin: 1, end: 3, body: ["x\ry"])),
        Case(
            "line numbers count blank lines", b("\n\n\n# BEGIN refocus\r\n\r\n# END refocus\r\n"),
            Found(begin: 4, end: 6, body: [""])),
    ]

    @Test(arguments: cases)
    func finds(_ example: Case<Found>) throws {
        let split = try refocus().split(example.text)
        #expect(Found(begin: split.beginLine, end: split.endLine, body: split.body) == example.value)
        #expect(split.original == example.text)
    }

    static let errors: [Case<ManagedSectionError>] = [
        Case("BEGIN without END", b("a\nb\n# BEGIN refocus\nx\n"), .beginWithoutEnd(line: 3, name: "refocus")),
        Case("BEGIN as last line", b("\n\n\n# BEGIN refocus"), .beginWithoutEnd(line: 4, name: "refocus")),
        Case("END without BEGIN", b("a\n# END refocus\n"), .endWithoutBegin(line: 2, name: "refocus")),
        Case("END before BEGIN", b("# END refocus\n# BEGIN refocus\n"), .endWithoutBegin(line: 1, name: "refocus")),
        Case(
            "second END after a section", b("# BEGIN refocus\n# END refocus\n# END refocus\n"),
            .endWithoutBegin(line: 3, name: "refocus")),
        Case(
            "two sections", b("# BEGIN refocus\n# END refocus\nx\n# BEGIN refocus\n# END refocus\n"),
            .secondSection(line: 4, firstBeginLine: 1, name: "refocus")),
        Case(
            "BEGIN inside the section", b("a\n# BEGIN refocus\nx\n# BEGIN refocus\n# END refocus\n"),
            .markerInsideSection(line: 4, sectionBeginLine: 2, name: "refocus")),
        Case("CRLF line numbers", b("a\r\nb\r\n  # END refocus\r\n"), .endWithoutBegin(line: 3, name: "refocus")),
    ]

    @Test(arguments: errors)
    func damagedFiles(_ example: Case<ManagedSectionError>) throws {
        let section = try refocus()
        #expect(throws: example.value) { try section.split(example.text) }
    }

    @Test func equalSplitsAreEqual() throws {
        let text = b("a\n# BEGIN refocus\nx\n# END refocus\n")
        #expect(try refocus().split(text) == refocus().split(text))
        #expect(try refocus().split(text) != refocus().split(text + b("b\n")))
    }
}

// MARK: - Error descriptions

@Suite struct ManagedSectionErrorTests {
    static let descriptions: [(ManagedSectionError, String)] = [
        (
            .invalidName("Bad\nName"),
            "invalid section name \"Bad\\nName\"; use lowercase letters, digits, '-' and '_', "
                + "starting with a letter or digit"
        ),
        (
            .beginWithoutEnd(line: 12, name: "refocus"),
            "line 12: '# BEGIN refocus' has no matching '# END refocus'; "
                + "remove the stray marker or add the end marker, then try again"
        ),
        (
            .endWithoutBegin(line: 3, name: "refocus"),
            "line 3: '# END refocus' has no matching '# BEGIN refocus' before it; "
                + "remove the stray marker or add the begin marker above it, then try again"
        ),
        (
            .secondSection(line: 9, firstBeginLine: 2, name: "refocus"),
            "line 9: a second '# BEGIN refocus' section follows "
                + "the one that begins at line 2; merge the two sections into one, then try again"
        ),
        (
            .markerInsideSection(line: 5, sectionBeginLine: 4, name: "refocus"),
            "line 5: '# BEGIN refocus' appears inside "
                + "the section that begins at line 4; remove the stray marker or add the missing end marker, then try again"
        ),
        (
            .lineBreakInBody(index: 2),
            "body line 2 contains a line break; pass each line as its own element, then try again"
        ),
        (
            .markerInBody(index: 1, name: "refocus"),
            "body line 1 is a '# BEGIN refocus' or '# END refocus' marker; "
                + "remove that line from the body, then try again"
        ),
    ]

    @Test(arguments: descriptions)
    func describes(error: ManagedSectionError, expected: String) {
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
        #expect(error.category == .data)
    }
}

// MARK: - Rendering

@Suite struct ManagedSectionRenderTests {
    static let inserts: [Case<[UInt8]>] = [
        Case("empty file", [], b("# BEGIN refocus\nx\n# END refocus\n")),
        Case("no final newline", b("a"), b("a\n# BEGIN refocus\nx\n# END refocus")),
        Case("final newline", b("a\n"), b("a\n# BEGIN refocus\nx\n# END refocus\n")),
        Case("CRLF", b("a\r\n"), b("a\r\n# BEGIN refocus\r\nx\r\n# END refocus\r\n")),
        Case("CRLF, no final newline", b("a\r\nb"), b("a\r\nb\r\n# BEGIN refocus\r\nx\r\n# END refocus")),
        Case("blank lines only", b("\n\n"), b("\n\n# BEGIN refocus\nx\n# END refocus\n")),
        Case("lone trailing CR", b("a\r"), b("a\r\r\n# BEGIN refocus\nx\n# END refocus")),
        Case("mixed, LF first", b("a\nb\r\n"), b("a\nb\r\n# BEGIN refocus\nx\n# END refocus\n")),
        Case("mixed, CRLF first", b("a\r\nb\n"), b("a\r\nb\n# BEGIN refocus\r\nx\r\n# END refocus\r\n")),
        Case(
            "Latin-1 and trailing blanks kept", b("caf") + [0xE9] + b("  \n\t\n"),
            b("caf") + [0xE9] + b("  \n\t\n# BEGIN refocus\nx\n# END refocus\n")),
    ]

    @Test(arguments: inserts)
    func insertsAtEnd(_ example: Case<[UInt8]>) throws {
        #expect(try refocus().split(example.text).replacingBody(with: lines(["x"])) == example.value)
    }

    @Test func insertsEmptySection() throws {
        #expect(try refocus().split(b("a\n")).replacingBody(with: .empty) == b("a\n# BEGIN refocus\n# END refocus\n"))
    }

    static let replacements: [Case<[UInt8]>] = [
        Case(
            "LF", b("a\n# BEGIN refocus\nold\n# END refocus\nb\n"), b("a\n# BEGIN refocus\nn1\nn2\n# END refocus\nb\n")),
        Case(
            "CRLF", b("a\r\n# BEGIN refocus\r\nold\r\n# END refocus\r\nb\r\n"),
            b("a\r\n# BEGIN refocus\r\nn1\r\nn2\r\n# END refocus\r\nb\r\n")),
        Case(
            "marker bytes kept", b("  # BEGIN refocus \t\nold\n\t# END refocus  \r\nb"),
            b("  # BEGIN refocus \t\nn1\nn2\n\t# END refocus  \r\nb")),
        Case(
            "END without terminator", b("a\n# BEGIN refocus\nold\n# END refocus"),
            b("a\n# BEGIN refocus\nn1\nn2\n# END refocus")),
        Case(
            "mixed endings keep their own", b("a\r\nb\n# BEGIN refocus\nold\r\n# END refocus\nc\r\n"),
            b("a\r\nb\n# BEGIN refocus\nn1\r\nn2\r\n# END refocus\nc\r\n")),
        Case(
            "empty section filled", b("# BEGIN refocus\n# END refocus\n"), b("# BEGIN refocus\nn1\nn2\n# END refocus\n")
        ),
        Case(
            "non-UTF-8 outside kept", [0xFF, 0xE9, 0x0A] + b("# BEGIN refocus\n# END refocus\n") + [0x80, 0x20],
            [0xFF, 0xE9, 0x0A] + b("# BEGIN refocus\nn1\nn2\n# END refocus\n") + [0x80, 0x20]),
    ]

    @Test(arguments: replacements)
    func replacesBodyOnly(_ example: Case<[UInt8]>) throws {
        #expect(try refocus().split(example.text).replacingBody(with: lines(["n1", "n2"])) == example.value)
    }

    @Test func replacesWithEmptyBody() throws {
        let text = b("a\n# BEGIN refocus\nold\n# END refocus\nb\n")
        #expect(try refocus().split(text).replacingBody(with: .empty) == b("a\n# BEGIN refocus\n# END refocus\nb\n"))
    }

    static let removals: [Case<[UInt8]>] = [
        Case("middle", b("a\n# BEGIN refocus\nx\n# END refocus\nb\n"), b("a\nb\n")),
        Case("start", b("# BEGIN refocus\nx\n# END refocus\nb\n"), b("b\n")),
        Case("whole file", b("# BEGIN refocus\n# END refocus\n"), []),
        Case("whole file, END unterminated", b("# BEGIN refocus\n# END refocus"), []),
        Case("END unterminated takes the LF before BEGIN", b("a\n# BEGIN refocus\nx\n# END refocus"), b("a")),
        Case("END unterminated takes the CRLF before BEGIN", b("a\r\n# BEGIN refocus\r\n# END refocus"), b("a")),
        Case("blank lines around kept", b("a\n\n# BEGIN refocus\n# END refocus\n\nb\n"), b("a\n\n\nb\n")),
        Case("no section, unchanged", b("a\nb"), b("a\nb")),
    ]

    @Test(arguments: removals)
    func removesSection(_ example: Case<[UInt8]>) throws {
        #expect(try refocus().split(example.text).replacingBody(with: nil) == example.value)
    }

    static let edgeInputs: [[UInt8]] = [
        [], b("a"), b("a\n"), b("a\r\n"), b("\n\n"), b("\r\n"), b("\r"), b("a\r"), b("a\r\nb"), b("a\nb\r\n"),
        b("  \t"), b("caf") + [0xE9], [0xFF, 0xFE, 0x80, 0x0D, 0x0A, 0x01, 0x7F], b("# BEGIN other\n# END other"),
    ]
    static let bodies: [[String]] = [[], [""], ["x"], ["0.0.0.0 a.example", "0.0.0.0 b.example"]]

    @Test(arguments: edgeInputs, bodies)
    func insertThenRemoveRestoresBytes(text: [UInt8], body: [String]) throws {
        let section = try refocus()
        let inserted = try section.split(text).replacingBody(with: lines(body))
        #expect(inserted != text)
        #expect(inserted.starts(with: text))
        let reread = try section.split(inserted)
        #expect(reread.body == body)
        #expect(try reread.replacingBody(with: nil) == text)
    }

    static let unsafeBodies: [([String], ManagedSectionError)] = [
        (["ok", "x\ny"], .lineBreakInBody(index: 2)),
        (["\r"], .lineBreakInBody(index: 1)),
        (["# BEGIN refocus"], .markerInBody(index: 1, name: "refocus")),
        ([" x", "  # END refocus\t"], .markerInBody(index: 2, name: "refocus")),
    ]

    @Test(arguments: unsafeBodies, [b("a\n"), b("# BEGIN refocus\n# END refocus\n")])
    func rejectsUnsafeBodies(example: ([String], ManagedSectionError), text: [UInt8]) throws {
        let split = try refocus().split(text)
        #expect(throws: example.1) { try split.replacingBody(with: lines(example.0)) }
    }

    @Test func acceptsOtherSectionsMarkersInBody() throws {
        let rendered = try refocus().split([]).replacingBody(with: lines(["# BEGIN other", "# END other"]))
        #expect(rendered == b("# BEGIN refocus\n# BEGIN other\n# END other\n# END refocus\n"))
    }
}
