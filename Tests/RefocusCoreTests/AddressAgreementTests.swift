import Glibc
import Testing

@testable import RefocusCore

// Agreement with glibc: our rendering must equal inet_ntop, and our parser
// must accept exactly what inet_pton accepts, with the same bytes.

/// A linear congruential generator with a fixed seed (Knuth's MMIX
/// constants), so that the corpus is the same on every run.
private struct LCG {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    mutating func below(_ bound: Int) -> Int {
        Int(next() >> 33) % bound
    }

    /// A non-zero group, biased towards values that have leading zeros.
    mutating func group() -> UInt16 {
        let choices: [UInt16] = [1, 0xa, 0xff, 0x100, 0xffff, 0x1000]
        let pick = below(choices.count + 4)
        return pick < choices.count ? choices[pick] : UInt16(truncatingIfNeeded: next() >> 40) | 1
    }
}

private func ipv6(_ groups: [UInt16]) -> IPAddress {
    let half = { (range: Range<Int>) in groups[range].reduce(0) { ($0 << 16) | UInt64($1) } }
    return .v6(high: half(0..<4), low: half(4..<8))
}

private func groups(of address: IPAddress) -> [UInt16] {
    let bytes = address.bytes
    return stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
}

/// A few hundred addresses: random IPv4 and IPv6, every pattern of zero
/// groups (so every compression choice and tie), and special forms.
private let corpus: [IPAddress] = {
    var random = LCG(state: 0x5EED_2024)
    var result: [IPAddress] = []
    for _ in 0..<100 {
        result.append(.v4(UInt32(truncatingIfNeeded: random.next() >> 32)))
    }
    result += [0, 1, 0x7f00_0001, 0x0a00_0000, 0xc0a8_0001, 0x0100_0000, 0x00ff_00ff, .max].map { .v4($0) }
    for zeroMask in 0..<256 {
        result.append(ipv6((0..<8).map { zeroMask >> $0 & 1 == 1 ? 0 : random.group() }))
    }
    for _ in 0..<100 {
        result.append(ipv6((0..<8).map { _ in random.below(3) == 0 ? 0 : random.group() }))
        result.append(.v6(high: random.next(), low: random.next()))
    }
    for _ in 0..<20 {
        let v4 = UInt64(random.next() >> 32)
        result.append(.v6(high: 0, low: 0xffff_0000_0000 | v4))  // IPv4-mapped
        result.append(.v6(high: 0, low: 0xffff_0000_0000_0000 | v4))  // IPv4-translated
        result.append(.v6(high: 0x0064_ff9b_0000_0000, low: v4))  // NAT64
        result.append(.v6(high: 0, low: v4))  // deprecated IPv4-compatible
    }
    result += [
        .v6(high: 0, low: 0), .v6(high: 0, low: 1), .v6(high: .max, low: .max), .v6(high: 0, low: 0xffff_0000_0000),
    ]
    return result
}()

private func glibcRender(_ address: IPAddress) -> String? {
    let family = address.bitWidth == 32 ? AF_INET : AF_INET6
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let rendered = address.bytes.withUnsafeBytes { source in
        buffer.withUnsafeMutableBufferPointer { target in
            inet_ntop(family, source.baseAddress, target.baseAddress, socklen_t(target.count)) != nil
        }
    }
    guard rendered else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func glibcParse(_ text: String) -> [UInt8]? {
    var v4 = [UInt8](repeating: 0, count: 4)
    if inet_pton(AF_INET, text, &v4) == 1 {
        return v4
    }
    var v6 = [UInt8](repeating: 0, count: 16)
    if inet_pton(AF_INET6, text, &v6) == 1 {
        return v6
    }
    return nil
}

/// The deprecated IPv4-compatible form `::a.b.c.d` (RFC 4291 2.5.5.1), which
/// glibc writes dotted and RFC 5952 (as the brief reads it) writes in hex.
private func isIPv4Compatible(_ address: IPAddress) -> Bool {
    guard case .v6(high: 0, let low) = address else { return false }
    return low >> 32 == 0 && low >> 16 != 0
}

@Test func corpusRendersLikeInetNtopAndRoundTrips() throws {
    #expect(corpus.count >= 500)
    var compared = 0
    for address in corpus {
        let text = address.description
        #expect(try IPAddress(parsing: text) == address, "\(text)")
        #expect(try AddressRange(parsing: text) == AddressRange(address), "\(text)")
        #expect(glibcParse(text) == address.bytes, "\(text)")
        if case .v6(high: 0, let low) = address, isIPv4Compatible(address) {
            // glibc writes the dotted form; nothing else may differ.
            #expect(glibcRender(address) == "::" + IPAddress.v4(UInt32(truncatingIfNeeded: low)).description)
        } else {
            #expect(glibcRender(address) == text)
            compared += 1
        }
    }
    #expect(compared >= corpus.count - 30)
}

@Test func deprecatedIPv4CompatibleFormIsTheOneKnownDifference() throws {
    let address = IPAddress.v6(high: 0, low: 0x0102_0304)
    #expect(address.description == "::102:304")
    #expect(glibcRender(address) == "::1.2.3.4")
    #expect(try IPAddress(parsing: "::1.2.3.4") == address)
}

/// Valid spellings of `address` other than the canonical one.
private func spellings(of address: IPAddress) -> [String] {
    let parts = address.bytes.map { String($0) }
    guard address.bitWidth == 128 else {
        return [address.description, parts.map { $0.count == 3 ? $0 : "0" + $0 }.joined(separator: ".")]
    }
    let hex = groups(of: address)
    let padded = hex.map { String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16) }
    let plain = hex.map { String($0, radix: 16) }
    var result = [
        address.description,
        padded.joined(separator: ":").uppercased(),
        plain.joined(separator: ":"),
        plain[0..<6].joined(separator: ":") + ":" + parts[12...].joined(separator: "."),
    ]
    if let lastZero = hex.lastIndex(of: 0) {  // `::` for a single (or the last) zero group
        result.append(
            plain[..<lastZero].joined(separator: ":") + "::" + plain[(lastZero + 1)...].joined(separator: ":"))
    }
    return result
}

private func mutate(_ text: String, with random: inout LCG) -> String {
    let alphabet = Array("0123456789abcdefABCDEF::..g/% -")
    var characters = Array(text)
    let position = random.below(characters.count + 1)
    let character = alphabet[random.below(alphabet.count)]
    switch random.below(4) {
    case 0 where position < characters.count:
        characters.remove(at: position)
    case 1 where position < characters.count:
        characters[position] = character
    case 2:
        let end = min(characters.count, position + random.below(5))
        characters.insert(contentsOf: characters[position..<end], at: position)
    default:
        characters.insert(character, at: position)
    }
    return String(characters)
}

@Test func parsingAgreesWithInetPton() {
    var random = LCG(state: 0xA11_CE)
    var accepted = 0
    var refused = 0
    for address in corpus {
        for spelling in spellings(of: address) {
            var texts = [spelling]
            for _ in 0..<6 {
                texts.append(mutate(random.below(2) == 0 ? spelling : texts[texts.count - 1], with: &random))
            }
            for text in texts {
                let ours = (try? IPAddress(parsing: text))?.bytes
                #expect(ours == glibcParse(text), "\(text)")
                if ours == nil { refused += 1 } else { accepted += 1 }
            }
        }
    }
    #expect(accepted >= 2000)
    #expect(refused >= 2000)
}
