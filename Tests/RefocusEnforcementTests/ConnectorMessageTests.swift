import CLinux
import Glibc
import Testing

@testable import RefocusEnforcement

/// The process connector's bytes, without a socket: subscription requests as
/// the kernel reads them, and events parsed from datagrams written here the
/// way the kernel writes them.
@Suite struct ConnectorMessageTests {
    /// A datagram holding one proc_event message the way `cn_netlink_send` writes it.
    static func datagram(
        what: UInt32, sequence: UInt32 = 0, ack: UInt32 = 0, timestamp: UInt64 = 0,
        data: [UInt32]
    ) -> [UInt8] {
        let eventData = data.flatMap(bytes)
        let event = bytes(what) + bytes(UInt32(1)) + bytes(timestamp) + eventData
        let connector =
            bytes(UInt32(CN_IDX_PROC)) + bytes(UInt32(CN_VAL_PROC)) + bytes(sequence) + bytes(ack)
            + bytes(UInt16(event.count)) + bytes(UInt16(0))
        let header =
            bytes(UInt32(16 + connector.count + event.count)) + bytes(UInt16(3)) + bytes(UInt16(0))
            + bytes(UInt32(0)) + bytes(UInt32(0))
        return header + connector + event
    }

    static func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    static func events(_ bytes: [UInt8]) -> [ConnectorMessage.Event] {
        bytes.withUnsafeBytes { ConnectorMessage.events(in: $0) }
    }

    @Test func layoutAgreesWithTheKernelHeaders() {
        #expect(MemoryLayout<cn_msg>.size == ConnectorMessage.connectorHeaderSize)
        #expect(MemoryLayout<proc_event>.offset(of: \proc_event.event_data) == ConnectorMessage.eventDataOffset)
        #expect(PROC_EVENT_EXEC.rawValue == 2 && PROC_CN_MCAST_LISTEN.rawValue == 1)
    }

    @Test func listenRequest() {
        let message = ConnectorMessage.subscription(PROC_CN_MCAST_LISTEN, sequence: 7, portID: 99)
        #expect(message.count == 40)
        #expect(Array(message[0..<4]) == Self.bytes(UInt32(40)))
        #expect(Array(message[4..<6]) == Self.bytes(UInt16(3)), "NLMSG_DONE")
        #expect(Array(message[12..<16]) == Self.bytes(UInt32(99)))
        #expect(Array(message[16..<24]) == Self.bytes(UInt32(1)) + Self.bytes(UInt32(1)), "CN_IDX_PROC, CN_VAL_PROC")
        #expect(Array(message[24..<32]) == Self.bytes(UInt32(7)) + Self.bytes(UInt32(7)), "seq and ack")
        #expect(Array(message[32..<34]) == Self.bytes(UInt16(4)))
        #expect(Array(message[36..<40]) == Self.bytes(UInt32(1)), "PROC_CN_MCAST_LISTEN")
    }

    @Test func execFilterRequestIsAProcInput() {
        let message = ConnectorMessage.subscription(PROC_CN_MCAST_LISTEN, events: 2, sequence: 7, portID: 99)
        #expect(message.count == 44)
        #expect(Array(message[32..<34]) == Self.bytes(UInt16(8)), "sizeof(struct proc_input)")
        #expect(Array(message[36..<44]) == Self.bytes(UInt32(1)) + Self.bytes(UInt32(2)))
    }

    @Test func parsesExecAcknowledgementAndOthers() {
        let exec = Self.datagram(what: 2, timestamp: 123_456_789, data: [4242, 4241])
        #expect(Self.events(exec) == [.exec(ExecEvent(pid: 4242, tgid: 4241, timestamp: 123_456_789))])
        let ack = Self.datagram(what: 0, sequence: 7, ack: 8, data: [0])
        #expect(Self.events(ack) == [.acknowledgement(sequence: 7, ack: 8, error: 0)])
        let fork = Self.datagram(what: 1, data: [1, 1, 2, 2])
        #expect(Self.events(fork) == [.other])
        // Two messages in one datagram, the first padded to 4 bytes (they are already aligned).
        #expect(Self.events(exec + fork) == [.exec(ExecEvent(pid: 4242, tgid: 4241, timestamp: 123_456_789)), .other])
    }

    @Test func refusesTruncatedAndForeignMessages() {
        let exec = Self.datagram(what: 2, data: [1, 1])
        #expect(Self.events(Array(exec.dropLast(4))) == [], "the length says more than arrived")
        var foreign = exec
        foreign[16] = 9  // another connector index
        #expect(Self.events(foreign) == [.other])
        var short = Self.datagram(what: 2, data: [1])
        short[32] = UInt8(short.count - 36)
        #expect(Self.events(short) == [.other], "an exec without its tgid")
        #expect(Self.events([1, 2, 3]) == [])
    }

    @Test(
        arguments: [
            ("6.18.44-fc-v595", true), ("6.6.0", true), ("6.1.0-18-amd64", false), ("5.15", false),
            ("10.0-rc1", true), ("garbage", nil),
        ] as [(String, Bool?)])
    func kernelVersionDecidesTheFilter(release: String, filters: Bool?) {
        #expect(KernelVersion(release: release).map { $0 >= .connectorEventFilter } == filters)
    }
}
