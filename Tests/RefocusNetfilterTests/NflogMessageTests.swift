import CNetfilter
import Testing

@testable import RefocusNetfilter

/// The log messages the daemon reads from the table's group: a packet
/// message with our prefix names an allowance; other messages, other
/// prefixes and malformed attributes name none, and never stop the read.
@Suite struct NflogMessageTests {
    /// A netlink message of `type` with a `nfgenmsg` and `attributes` (type, bytes), each padded to 4 bytes.
    static func message(type: UInt16, attributes: [(UInt16, [UInt8])]) -> [UInt8] {
        var body: [UInt8] = [UInt8(AF_UNSPEC), UInt8(NFNETLINK_V0), 0x52, 0x46]
        for (kind, value) in attributes {
            body += withUnsafeBytes(of: UInt16(4 + value.count)) { Array($0) } + withUnsafeBytes(of: kind) { Array($0) }
            body += value + [UInt8](repeating: 0, count: (4 - value.count % 4) % 4)
        }
        let length = UInt32(16 + body.count)
        return withUnsafeBytes(of: length) { Array($0) } + withUnsafeBytes(of: type) { Array($0) }
            + [0, 0] + [UInt8](repeating: 0, count: 8) + body
    }

    static let packet = UInt16(NFNL_SUBSYS_ULOG << 8) | UInt16(NFULNL_MSG_PACKET.rawValue)
    static let prefix = UInt16(NFULA_PREFIX.rawValue)

    static func read(_ datagram: [UInt8]) -> [String] {
        datagram.withUnsafeBytes { NflogListener.allowances(in: $0) }.map { "\($0.owner) \($0.list.rawValue)" }
    }

    @Test func packetMessagesWithOurPrefixNameTheirAllowancesInOrder() {
        let datagram =
            Self.message(type: Self.packet, attributes: [(Self.prefix, Array("refocus-meter 1000 video\0".utf8))])
            + Self.message(type: Self.packet, attributes: [(Self.prefix, Array("someone else's\0".utf8))])
            + Self.message(type: UInt16(NLMSG_ERROR), attributes: [])
            + Self.message(type: Self.packet, attributes: [(2, [0, 0, 0, 1])])
            + Self.message(type: Self.packet, attributes: [(Self.prefix, Array("refocus-meter 1001 news\0".utf8))])
        #expect(Self.read(datagram) == ["1000 video", "1001 news"])
    }

    @Test func aPrefixWithoutItsEndingNulOrACutMessageNamesNothing() {
        let unterminated = Self.message(
            type: Self.packet, attributes: [(Self.prefix, Array("refocus-meter 1000 v".utf8))])
        #expect(Self.read(unterminated).isEmpty)
        let whole = Self.message(
            type: Self.packet, attributes: [(Self.prefix, Array("refocus-meter 1000 video\0".utf8))])
        #expect(Self.read(Array(whole.dropLast(8))).isEmpty, "a message longer than the datagram is not read")
        #expect(Self.read([]).isEmpty)
    }
}
