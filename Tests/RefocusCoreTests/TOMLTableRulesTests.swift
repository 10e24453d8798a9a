import Testing
@testable import RefocusCore

/// TOML 1.0.0's rules against defining a key or a table twice: headers,
/// implicit tables, dotted keys, closed inline tables, arrays of tables;
/// each refused with the line of the second definition and the first's.
@Suite struct TOMLTableRulesTests {
    @Test(arguments: [
        ("[a]\n[a]", 2, "a table is defined twice: [a] (first on line 1)"),
        ("[a]\nb = 1\n\n[a]", 4, "a table is defined twice: [a] (first on line 1)"),
        ("[a.b]\n[a]\n[a]", 3, "a table is defined twice: [a] (first on line 2)"),
        ("[a]\n[a.b]\n[a.b]", 3, "a table is defined twice: [a.b] (first on line 2)"),
        ("[\"a b\".c]\n['a b'.c]", 2, "a table is defined twice: [\"a b\".c] (first on line 1)"),
        ("a = 1\na = 2", 2, "a key is defined twice: a (first on line 1)"),
        ("[presets.deep]\nlists = []\n\nlists = []", 4, "a key is defined twice: presets.deep.lists (first on line 2)"),
        ("a = 1\n\"a\" = 2", 2, "a key is defined twice: a"),
        ("a.b = 1\na.b = 2", 2, "a key is defined twice: a.b (first on line 1)"),
        ("[a.b]\n[a]\nb = 1", 3, "a key is defined twice: a.b (first on line 1)"),
        ("a.b.c = 1\na.b = 2", 2, "a key is defined twice: a.b (first on line 1)"),
        ("a = 1\na.b = 2", 2, "a is defined on line 1 as a value, not a table"),
        ("a.b = 1\na.b.c = 2", 2, "a.b is defined on line 1 as a value, not a table"),
        ("a = 1\n[a.b]", 2, "a is defined on line 1 as a value, not a table"),
        ("[a]\nb = 1\n[a.b]", 3, "a.b is defined on line 2 as a value, not a table"),
        (
            "[fruit]\napple.color = 'red'\n[fruit.apple]", 3,
            "the table fruit.apple is defined already, by dotted keys (line 2); a header cannot define it again"
        ),
        ("[t1]\nt2.t3.v = 0\n[t1.t2.t3]", 3, "the table t1.t2.t3 is defined already, by dotted keys"),
        ("a.b = 1\n[a]", 2, "the table a is defined already, by dotted keys (line 1)"),
        (
            "[a.b]\nc = 1\n[a]\nb.d = 2", 4,
            "the table a.b has its own header (line 1): define d under it, not with a dotted key"
        ),
        (
            "[a.b.c]\nz = 9\n[a]\nb.c.t = 1", 4,
            "the table a.b is named by the header of a table in it (line 1); a dotted key cannot add to it: give it its own header [a.b]"
        ),
        ("[a.b.c.d]\n[a.b]\n[a]\nb.c.d.k = 1", 4, "the table a.b has its own header (line 2): define c.d.k under it"),
        ("[[a.b]]\n[a]\nb.y = 2", 3, "a.b is an array of tables ([[a.b]], line 1); a dotted key cannot add to it"),
        ("a = {}\n[a.b]", 2, "a is an inline table (line 1), which is closed: add to it inside its braces"),
        ("a = {}\n[a]", 2, "a is an inline table (line 1), which is closed"),
        ("a = {b = 1}\na.c = 2", 2, "a is an inline table (line 1), which is closed"),
        ("a = {b = {}}\n[[a.b]]", 2, "a is an inline table (line 1), which is closed"),
        ("a.b = 0\na = {}", 2, "a key is defined twice: a (first on line 1)"),
        ("a = {b = 1, b.c = 2}", 1, "a.b is defined on line 1 as a value, not a table"),
        ("a = {b = {c = 1}, b.d = 2}", 1, "a.b is an inline table (line 1), which is closed"),
        ("a = {x = 1, x = 2}", 1, "a key is defined twice: a.x (first on line 1)"),
        ("t = {i.t = [{}], i.t.v = 1}", 1, "t.i.t is defined on line 1 as a value, not a table"),
        ("[a]\n[[a]]", 2, "a is a table (line 1), not an array of tables: [[a]] cannot add to it"),
        ("[[a]]\n[a]", 2, "a is an array of tables (line 1): write [[a]] to add an element"),
        ("a = []\n[[a]]", 2, "a is an array value (line 1); [[a]] adds only to an array of tables"),
        ("a = 1\n[[a]]", 2, "a is defined on line 1 as a value, not a table"),
        ("[[albums.songs]]\nname = 'x'\n[[albums]]", 3, "albums is a table (line 1), not an array of tables"),
        ("[[a]]\nb = 1\n[[a]]\nb = 1\nb = 2", 5, "a key is defined twice: a.b (first on line 4)"),
        ("[a]\nb.c = 1\n[a.b.c]", 3, "a.b.c is defined on line 2 as a value, not a table"),
    ])
    func aSecondDefinitionIsRefused(text: String, line: Int, reason: String) {
        do {
            let table = try TOMLTable(parsing: text)
            Issue.record("read as \(table)")
        } catch {
            #expect(error.line == line && error.reason.hasPrefix(reason), "\(error)")
        }
    }

    /// What the rules allow: a header defining a table that was only named
    /// before, headers below dotted tables, dotted keys in fresh tables,
    /// each `[[a]]` with its own keys and sub-tables.
    @Test(arguments: [
        "[a.b.c]\n[a]\n[a.b]\n", "[a]\nb.c = 1\n[a.b.d]\n", "a.b.c = 1\n[a.b.d]\n", "[a]\nb.c = 1\nb.d = 2\n",
        "[[a]]\nb = 1\n[[a]]\nb = 2\n[a.c]\n[[a]]\n[a.c]\n", "[[a.b]]\n[a]\nc = 1\n", "[[a.b]]\n[[a.b]]\n[a.b.c]\n",
        "a = {b.c = 1, b.d = 2}\n", "[a]\n[b]\n[a.c]\n", "[\"a\".b]\n[a.\"c\"]\n",
    ])
    func whatTheRulesAllow(text: String) throws {
        _ = try TOMLTable(parsing: text)
    }
}
