@testable import RefocusCore
import Testing

/// A name typed already in canonical form (lower-case ASCII letters, digits,
/// `-`, `_` and `.`) takes a short way through `BlockEntry(parsing:)` and
/// `DomainName(validating:)`; it must end where the long way ends. The long
/// way is forced by white space around the entry (trimmed by the entry's
/// reader) and by capitals (lowered by the name's).
@Suite struct PlainNameTests {
    static let names = [
        "example.com", "a.b.c.example.org", "com", "co.uk", "github.io", "blogspot.com", "www.ck", "x.ck",
        "foo.bar.ck", "city.kawasaki.jp", "x.kawasaki.jp", "s3.amazonaws.com", "-a.com", "a-.com", "a..com",
        ".a.com", "a.com..", "a.123", "123.com", "1.2.3.4a", "1.2.3.4", "10.0.0.0", "a.b_c", "_dmarc.example.com",
        "a_b.example", "xa.xxn--b.example", "xn--bcher-kva.example", "a.xn--p1ai", "xn--a.com", "localhost",
        "a-b--c.example", "0.com", "a.0", String(repeating: "a", count: 63) + ".com",
        String(repeating: "a", count: 64) + ".com", Array(repeating: "abcd", count: 51).joined(separator: ".") + ".com",
    ]

    @Test(arguments: names)
    func anEntryEndsWhereTheLongWayEnds(_ name: String) {
        #expect(
            Self.outcome { () throws(EntryError) in try BlockEntry(parsing: name) }
                == Self.outcome { () throws(EntryError) in try BlockEntry(parsing: " \(name)\t") })
    }

    @Test(arguments: names)
    func aNameEndsWhereTheLongWayEnds(_ name: String) {
        #expect(
            Self.outcome { () throws(EntryError) in try DomainName(validating: name) }
                == Self.outcome { () throws(EntryError) in try DomainName(validating: name.uppercased()) })
    }

    @Test func onlyCanonicalNamesTakeTheShortWay() {
        for name in ["example.com", "com", "-a.com", "a..com", "1.2.3.4a", "_dmarc.example.com", "a.0"] {
            #expect(DomainName.isPlain(name), "\(name)")
        }
        // Capitals, a final dot, only digits and dots, an A-label (as hasALabel finds it), anything else.
        for name in [
            "Example.com", "example.com.", "1.2.3.4", "xn--bcher-kva.example", "xa.xxn--b.example",
            "a com", "a/b", "a:1", "*.a.com", "bücher.example", "example.com/a\u{037E}b", "",
        ] {
            #expect(!DomainName.isPlain(name), "\(name)")
        }
    }

    /// The entry or name as text, or the kind of refusal.
    static func outcome<Value: CustomStringConvertible>(_ body: () throws(EntryError) -> Value) -> String {
        do { return "accepted \(try body())" } catch { return "refused: \(error.kind)" }
    }
}
