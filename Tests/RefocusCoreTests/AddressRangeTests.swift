import Glibc
import Testing

@testable import RefocusCore

// MARK: - Valid input and canonical rendering

@Test(arguments: [
    // IPv4
    ("0.0.0.0", "0.0.0.0"),
    ("192.0.2.1", "192.0.2.1"),
    ("255.255.255.255", "255.255.255.255"),
    ("10.0.0.0/8", "10.0.0.0/8"),
    ("192.0.2.0/24", "192.0.2.0/24"),
    ("192.0.2.1/32", "192.0.2.1"),
    ("128.0.0.0/1", "128.0.0.0/1"),
    ("0.0.0.0/1", "0.0.0.0/1"),
    // IPv6, RFC 5952
    ("2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"),
    ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
    ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),
    ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
    ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
    ("::", "::"),
    ("0:0:0:0:0:0:0:0", "::"),
    ("::1", "::1"),
    ("0000::0001", "::1"),
    ("1::", "1::"),
    ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
    ("::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8"),
    ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
    ("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"),
    ("2001:DB8::ABCD", "2001:db8::abcd"),
    ("FE80::1", "fe80::1"),
    ("::ffff:192.0.2.1", "::ffff:192.0.2.1"),
    ("::FFFF:C000:0201", "::ffff:192.0.2.1"),
    ("0:0:0:0:0:ffff:c000:201", "::ffff:192.0.2.1"),
    ("::ffff:0:0", "::ffff:0.0.0.0"),
    ("::ffff:0:192.0.2.1", "::ffff:0:c000:201"),
    ("64:ff9b::192.0.2.1", "64:ff9b::c000:201"),
    ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"),
    // IPv6 ranges
    ("2001:db8::/32", "2001:db8::/32"),
    ("2001:DB8:0::/48", "2001:db8::/48"),
    ("fe80::/10", "fe80::/10"),
    ("8000::/1", "8000::/1"),
    ("2001:db8::/127", "2001:db8::/127"),
    ("::1/128", "::1"),
    ("::ffff:10.0.0.0/104", "::ffff:10.0.0.0/104"),
])
func validInputRendersCanonically(_ example: (input: String, canonical: String)) throws {
    let range = try AddressRange(parsing: example.input)
    #expect(range.description == example.canonical)
    #expect(try AddressRange(parsing: example.canonical) == range)
}

@Test func singleAddressesParseAsBothTypes() throws {
    let v4 = try IPAddress(parsing: "192.0.2.1")
    #expect(v4 == .v4(0xC000_0201))
    #expect(v4.bitWidth == 32)
    #expect(v4.bytes == [192, 0, 2, 1])
    let v6 = try IPAddress(parsing: "2001:db8::ff00:42:8329")
    #expect(v6 == .v6(high: 0x2001_0db8_0000_0000, low: 0x0000_ff00_0042_8329))
    #expect(v6.bitWidth == 128)
    #expect(v6.bytes == [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0xff, 0x00, 0x00, 0x42, 0x83, 0x29])
    #expect(try AddressRange(parsing: "2001:db8::ff00:42:8329") == AddressRange(v6))
    #expect(AddressRange(v6).isSingleAddress)
    #expect(throws: AddressError.unexpectedPrefix("10.0.0.0/8")) { try IPAddress(parsing: "10.0.0.0/8") }
}

@Test(arguments: [0, 1, 3, 5, 8, 15, 17, 32])
func bytesOfTheWrongCountAreRefused(_ count: Int) {
    #expect(IPAddress(bytes: [UInt8](repeating: 1, count: count)) == nil)
}

@Test func bytesRoundTrip() throws {
    let v4: [UInt8] = [1, 2, 3, 4]
    let v6: [UInt8] = Array(1...16)
    #expect(IPAddress(bytes: v4) == .v4(0x0102_0304))
    #expect(IPAddress(bytes: v4)?.bytes == v4)
    #expect(IPAddress(bytes: v6) == .v6(high: 0x0102_0304_0506_0708, low: 0x090a_0b0c_0d0e_0f10))
    #expect(IPAddress(bytes: v6)?.bytes == v6)
    #expect(IPAddress(bytes: v6[4..<8]) == .v4(0x0506_0708))
}

@Test func equalAddressesWrittenDifferentlyHashTheSame() throws {
    let spellings = ["2001:DB8::1", "2001:db8:0:0:0:0:0:1", "2001:0db8::0:0001"]
    let ranges = try spellings.map { try AddressRange(parsing: $0) }
    #expect(Set(ranges).count == 1)
    #expect(Set(ranges.map(\.address.hashValue)).count == 1)
}

// MARK: - Invalid input

@Test(arguments: [
    ("", AddressError.empty),
    ("/8", .missingAddress("/8")),
    ("01.2.3.4", .ipv4LeadingZero("01.2.3.4", part: "01")),
    ("1.2.3.00", .ipv4LeadingZero("1.2.3.00", part: "00")),
    ("1.2.3", .tooFewIPv4Parts("1.2.3", count: 3)),
    ("127.1", .tooFewIPv4Parts("127.1", count: 2)),
    ("1.2.3.4.5", .tooManyIPv4Parts("1.2.3.4.5", count: 5)),
    ("256.1.1.1", .badIPv4Part("256.1.1.1", part: "256")),
    ("1.2.3.1000", .badIPv4Part("1.2.3.1000", part: "1000")),
    ("1..2.3", .badIPv4Part("1..2.3", part: "")),
    ("1.2.3.4.", .badIPv4Part("1.2.3.4.", part: "")),
    ("1.2.3.-4", .badIPv4Part("1.2.3.-4", part: "-4")),
    ("1.2.3.+4", .badIPv4Part("1.2.3.+4", part: "+4")),
    ("0x1.2.3.4", .badIPv4Part("0x1.2.3.4", part: "0x1")),
    (" 1.2.3.4", .badIPv4Part(" 1.2.3.4", part: " 1")),
    ("1.2.3.4 ", .badIPv4Part("1.2.3.4 ", part: "4 ")),
    ("\u{661}.2.3.4", .badIPv4Part("\u{661}.2.3.4", part: "\u{661}")),
    ("example.com", .badIPv4Part("example.com", part: "example")),
    ("2001:db8::g", .badIPv6Group("2001:db8::g", group: "g")),
    ("2001:db8::12345", .badIPv6Group("2001:db8::12345", group: "12345")),
    ("2001:db8:::1", .badIPv6Group("2001:db8:::1", group: "")),
    (":1:2:3:4:5:6:7", .badIPv6Group(":1:2:3:4:5:6:7", group: "")),
    ("1:2:3:4:5:6:7:", .badIPv6Group("1:2:3:4:5:6:7:", group: "")),
    ("[::1]", .badIPv6Group("[::1]", group: "[")),
    ("1.2.3.4::", .badIPv6Group("1.2.3.4::", group: "1.2.3.4")),
    ("::1.2.3.4:5", .badIPv6Group("::1.2.3.4:5", group: "1.2.3.4")),
    ("1.2.3.4:1:2:3:4:5:6", .badIPv6Group("1.2.3.4:1:2:3:4:5:6", group: "1.2.3.4")),
    ("1::2::3", .multipleDoubleColons("1::2::3")),
    ("::1::", .multipleDoubleColons("::1::")),
    ("1:2:3:4:5:6:7", .wrongGroupCount("1:2:3:4:5:6:7", count: 7)),
    ("1:2:3:4:5:6:7:8:9", .wrongGroupCount("1:2:3:4:5:6:7:8:9", count: 9)),
    ("1:2:3:4:5:6:7:1.2.3.4", .wrongGroupCount("1:2:3:4:5:6:7:1.2.3.4", count: 9)),
    ("1:2:3:4:5:6:7:8::", .tooManyGroupsToCompress("1:2:3:4:5:6:7:8::", count: 8)),
    ("1:2:3:4::5:6:7:8", .tooManyGroupsToCompress("1:2:3:4::5:6:7:8", count: 8)),
    ("::1:2:3:4:5:6:1.2.3.4", .tooManyGroupsToCompress("::1:2:3:4:5:6:1.2.3.4", count: 8)),
    ("::ffff:1.2.3", .tooFewIPv4Parts("::ffff:1.2.3", count: 3)),
    ("::ffff:01.2.3.4", .ipv4LeadingZero("::ffff:01.2.3.4", part: "01")),
    ("fe80::1%eth0", .zoneID("fe80::1%eth0", zone: "%eth0")),
    ("fe80::1%eth0/64", .zoneID("fe80::1%eth0/64", zone: "%eth0")),
    ("10.0.0.0/", .badPrefix("10.0.0.0/", prefix: "")),
    ("10.0.0.0/08", .badPrefix("10.0.0.0/08", prefix: "08")),
    ("10.0.0.0/00", .badPrefix("10.0.0.0/00", prefix: "00")),
    ("10.0.0.0/8/8", .badPrefix("10.0.0.0/8/8", prefix: "8/8")),
    ("10.0.0.0/x", .badPrefix("10.0.0.0/x", prefix: "x")),
    ("10.0.0.0/-8", .badPrefix("10.0.0.0/-8", prefix: "-8")),
    ("10.0.0.0/33", .prefixTooLong("10.0.0.0/33", prefix: "33", maximum: 32)),
    ("::/129", .prefixTooLong("::/129", prefix: "129", maximum: 128)),
    (
        "1.2.3.4/99999999999999999999",
        .prefixTooLong("1.2.3.4/99999999999999999999", prefix: "99999999999999999999", maximum: 32)
    ),
    ("0.0.0.0/0", .zeroPrefix("0.0.0.0/0")),
    ("::/0", .zeroPrefix("::/0")),
])
func invalidInputIsRefused(_ example: (input: String, error: AddressError)) {
    #expect(throws: example.error) { try AddressRange(parsing: example.input) }
    #expect(example.error.category == .data)
    #expect(!example.error.description.contains("\n"))
    if !example.input.isEmpty {
        #expect(example.error.description.hasPrefix(example.input + " "))
    }
}

@Test(arguments: [
    ("10.1.2.3/8", "10.0.0.0/8"),
    ("192.0.2.1/24", "192.0.2.0/24"),
    ("255.255.255.255/31", "255.255.255.254/31"),
    ("2001:db8::1/32", "2001:db8::/32"),
    ("2001:db8:1:2:3:4:5:6/64", "2001:db8:1:2::/64"),
    ("2001:db8:0:1::/63", "2001:db8::/63"),
    ("2001:db8:0:0:c000::/65", "2001:db8:0:0:8000::/65"),
    ("::ffff:10.1.2.3/104", "::ffff:10.0.0.0/104"),
    ("ffff::/1", "8000::/1"),
    ("::1/127", "::/127"),
])
func hostBitsAreRefusedWithTheNetworkSuggested(_ example: (input: String, network: String)) throws {
    let network = try AddressRange(parsing: example.network)
    #expect(network.description == example.network)
    let expected = AddressError.hostBitsSet(example.input, network: network)
    #expect(throws: expected) { try AddressRange(parsing: example.input) }
    #expect(expected.description == "\(example.input) has host bits set; write the network address \(example.network)")
}

@Test func zeroPrefixSaysItWouldBlockEverything() {
    #expect(throws: AddressError.zeroPrefix("0.0.0.0/0")) { try AddressRange(parsing: "0.0.0.0/0") }
    #expect(AddressError.zeroPrefix("::/0").description.contains("would block every address"))
}

@Test func leadingZeroAndZoneMessagesGiveTheReason() {
    #expect(AddressError.ipv4LeadingZero("01.2.3.4", part: "01").description.contains("octal"))
    #expect(AddressError.zoneID("fe80::1%eth0", zone: "%eth0").description.contains("zone id '%eth0'"))
}

@Test func rangesBuiltFromValuesAreChecked() throws {
    let ten = IPAddress.v4(0x0a00_0000)
    #expect(try AddressRange(address: ten, prefixLength: 8).description == "10.0.0.0/8")
    #expect(throws: AddressError.zeroPrefix("10.0.0.0/0")) { try AddressRange(address: ten, prefixLength: 0) }
    #expect(throws: AddressError.badPrefix("10.0.0.0/-1", prefix: "-1")) {
        try AddressRange(address: ten, prefixLength: -1)
    }
    #expect(throws: AddressError.prefixTooLong("10.0.0.0/33", prefix: "33", maximum: 32)) {
        try AddressRange(address: ten, prefixLength: 33)
    }
    let network = try AddressRange(address: ten, prefixLength: 8)
    #expect(throws: AddressError.hostBitsSet("10.0.0.1/8", network: network)) {
        try AddressRange(address: .v4(0x0a00_0001), prefixLength: 8)
    }
}

// MARK: - Bounds and ordering

@Test(arguments: [
    ("192.0.2.1", "192.0.2.1", "192.0.2.1", true),
    ("10.0.0.0/8", "10.0.0.0", "10.255.255.255", false),
    ("0.0.0.0/1", "0.0.0.0", "127.255.255.255", false),
    ("128.0.0.0/1", "128.0.0.0", "255.255.255.255", false),
    ("192.0.2.0/31", "192.0.2.0", "192.0.2.1", false),
    ("::1", "::1", "::1", true),
    ("2001:db8::/32", "2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", false),
    ("2001:db8::/63", "2001:db8::", "2001:db8:0:1:ffff:ffff:ffff:ffff", false),
    ("2001:db8::/64", "2001:db8::", "2001:db8::ffff:ffff:ffff:ffff", false),
    ("2001:db8::/65", "2001:db8::", "2001:db8::7fff:ffff:ffff:ffff", false),
    ("2001:db8::/127", "2001:db8::", "2001:db8::1", false),
    ("::/1", "::", "7fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false),
    ("8000::/1", "8000::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false),
])
func rangesHaveInclusiveBounds(_ example: (range: String, first: String, last: String, single: Bool)) throws {
    let range = try AddressRange(parsing: example.range)
    #expect(range.first.description == example.first)
    #expect(range.last.description == example.last)
    #expect(range.isSingleAddress == example.single)
}

@Test func addressesAndRangesSortV4FirstThenNumerically() throws {
    let sorted = [
        "0.0.0.0/1", "0.0.0.0", "9.255.255.255", "10.0.0.0/8", "10.0.0.0/16", "10.0.0.0",
        "10.0.0.1", "192.0.2.0/24", "255.255.255.255",
        "::/1", "::", "::1", "::ffff:0.0.0.0", "1::", "2001:db8::/32", "2001:db8::",
        "2001:db8::1", "2001:db9::", "fe80::/10", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ]
    let ranges = try sorted.map { try AddressRange(parsing: $0) }
    let scrambled =
        stride(from: 0, to: ranges.count, by: 2).map { ranges[$0] }.reversed()
        + stride(from: 1, to: ranges.count, by: 2).map { ranges[$0] }
    #expect(scrambled.sorted().map(\.description) == sorted)
    #expect(scrambled.map(\.address).sorted() == ranges.map(\.address))
    #expect(IPAddress.v4(.max) < IPAddress.v6(high: 0, low: 0))
    #expect(!(IPAddress.v6(high: 0, low: 0) < IPAddress.v4(0)))
    #expect(IPAddress.v6(high: 0, low: .max) < IPAddress.v6(high: 1, low: 0))
}

// MARK: - Address or domain?

@Test(arguments: [
    ("1.2.3.4", true), ("1.2.3", true), ("10.0.0.0/8", true), ("1.2.3.4/8/8", false),
    ("::1", true), ("fe80::1%eth0", true), ("example.com", false), ("1.2.3.example", false),
    ("localhost", false), ("1234", false), ("12/8", false), ("", false), ("a:b", true),
])
func looksLikeAddressSeparatesAddressesFromDomains(_ example: (text: String, expected: Bool)) {
    #expect(AddressRange.looksLikeAddress(example.text) == example.expected)
}
