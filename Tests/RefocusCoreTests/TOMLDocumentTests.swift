import Testing
@testable import RefocusCore

/// Whole TOML 1.0.0 documents and the exact tree `TOMLTable(parsing:)` gives:
/// comments, keys of every kind, tables, implicit tables, arrays of tables,
/// inline tables, CRLF, a byte-order mark; and the line each key keeps.
@Suite struct TOMLDocumentTests {
    @Test(
        arguments: [
            ("", [:]),
            ("# only a comment\n\n  \t\n# another\n", [:]),
            ("a = 1", ["a": .integer(1)]),
            ("a = 1 # one\n  b\t=\t'x'   \n", ["a": .integer(1), "b": .string("x")]),
            (
                "1234 = 1\nbare-key_1 = 2\n-_- = 3\n",
                ["1234": .integer(1), "bare-key_1": .integer(2), "-_-": .integer(3)]
            ),
            (
                "\"a.b\" = 1\n'c d' = 2\n\"\" = 3\n\"\\u00e9\" = 4\n",
                ["a.b": .integer(1), "c d": .integer(2), "": .integer(3), "é": .integer(4)]
            ),
            ("a.b.c = 1\na . \"d\" = 2\n", ["a": .table(["b": .table(["c": .integer(1)]), "d": .integer(2)])]),
            ("3.14159 = \"pi\"", ["3": .table(["14159": .string("pi")])]),
            (
                "[a]\nx = 1\n[b.c]\ny = 2\n",
                ["a": .table(["x": .integer(1)]), "b": .table(["c": .table(["y": .integer(2)])])]
            ),
            ("[x.y.z]\n[x]\nw = 1\n", ["x": .table(["y": .table(["z": .table([:])]), "w": .integer(1)])]),
            ("[ a . \"b c\" ] # header\n[[ d ]]\n", ["a": .table(["b c": .table([:])]), "d": .array([.table([:])])]),
            (
                "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n",
                [
                    "fruit": .table([
                        "apple": .table([
                            "color": .string("red"), "taste": .table(["sweet": .boolean(true)]),
                            "texture": .table(["smooth": .boolean(true)]),
                        ])
                    ])
                ]
            ),
            (
                "a.b.c = 1\n[a.b.d]\ne = 2\n",
                ["a": .table(["b": .table(["c": .integer(1), "d": .table(["e": .integer(2)])])])]
            ),
            (
                "a = [1, 'two', [3.0], {x = 4}, ]",
                [
                    "a": .array([
                        .integer(1), .string("two"), .array([.float(3)]),
                        .table(["x": .integer(4)]),
                    ])
                ]
            ),
            (
                "a = [\n  1, # one\n  # nothing here\n\n  2\n  ,\n]\nb = []\nc = [ ]\n",
                ["a": .array([.integer(1), .integer(2)]), "b": .array([]), "c": .array([])]
            ),
            (
                "t = { a = 1, b.c = 'x', d = {}, e = [\n1,\n2] }",
                [
                    "t": .table([
                        "a": .integer(1), "b": .table(["c": .string("x")]), "d": .table([:]),
                        "e": .array([.integer(1), .integer(2)]),
                    ])
                ]
            ),
            ("a = 1\r\n[t]\r\nb = 2 # c\r\n\r\n", ["a": .integer(1), "t": .table(["b": .integer(2)])]),
            ("\u{FEFF}a = 1\n", ["a": .integer(1)]),
        ] as [(String, TOMLTable)])
    func aDocumentGivesItsTree(text: String, tree: TOMLTable) throws {
        #expect(try TOMLTable(parsing: text) == tree)
    }

    /// `[[name]]` adds an element to an array of tables; the headers and keys
    /// after it go to its last element (the spec's fruits).
    @Test func arraysOfTablesTakeWhatFollowsTheirLastElement() throws {
        let text = """
            [[fruits]]
            name = "apple"
            [fruits.physical]
            color = "red"
            [[fruits.varieties]]
            name = "red delicious"
            [[fruits.varieties]]
            name = "granny smith"

            [[fruits]]
            name = "banana"
            [[fruits.varieties]]
            name = "plantain"
            """
        #expect(
            try TOMLTable(parsing: text) == [
                "fruits": .array([
                    .table([
                        "name": .string("apple"), "physical": .table(["color": .string("red")]),
                        "varieties": .array([
                            .table(["name": .string("red delicious")]),
                            .table(["name": .string("granny smith")]),
                        ]),
                    ]),
                    .table(["name": .string("banana"), "varieties": .array([.table(["name": .string("plantain")])])]),
                ])
            ])
    }

    /// Each key keeps the line that defines it: its pair, or its header (an
    /// implicit table the line of the header that defines it at last).
    @Test func keysKeepTheirLines() throws {
        let table = try TOMLTable(parsing: "a = 1\n\n[t]\nb = [\n2]\n[u.v]\n[x.y]\n\n[x]\nk.l = 3\n")
        #expect(table.line(of: "a") == 1 && table.line(of: "t") == 3 && table.line(of: "u") == 6)
        #expect(table["t"]?.table?.line(of: "b") == 4)
        #expect(table["u"]?.table?.line(of: "v") == 6)
        #expect(table.line(of: "x") == 9 && table["x"]?.table?.line(of: "k") == 10)
        #expect(table.line(of: "none") == nil)
    }

    /// The document's order of keys is kept; equality ignores it, as TOML does.
    @Test func keysKeepTheirOrder() throws {
        let table = try TOMLTable(parsing: "b = 1\na = 2\n[c]\n[0]\n")
        #expect(table.keys == ["b", "a", "c", "0"])
        #expect(table.map(\.key) == ["b", "a", "c", "0"])
        #expect(table == ["a": .integer(2), "0": .table([:]), "b": .integer(1), "c": .table([:])])
        #expect(table != ["a": .integer(2), "b": .integer(1), "c": .table([:])])
    }
}
