import CLinux
import RefocusOS

/// The bytes of the process connector's protocol, apart from any socket:
/// subscription requests to send and the events in a received datagram.
///
/// A message is a netlink header (16 bytes), a `struct cn_msg` (20 bytes)
/// and its data: for a request an `enum proc_cn_mcast_op`, or on kernels
/// since 6.6 a `struct proc_input { mcast_op; event_type; }` (not in Debian
/// 12's 6.1 headers, so written out here); for an event a `struct proc_event`.
enum ConnectorMessage {
    /// What one message of a datagram carried.
    enum Event: Equatable {
        case exec(ExecEvent)
        /// The kernel's answer to a subscription request: its `cn_msg` sequence number (the kernel's own
        /// count), ack number (the request's ack + 1) and errno (0: done).
        case acknowledgement(sequence: UInt32, ack: UInt32, error: UInt32)
        /// Any other event (fork, exit, uid change), or a message of another connector.
        case other
    }

    static let netlinkHeaderSize = 16
    static let connectorHeaderSize = 20
    /// Where the `proc_event` starts in a message.
    static let eventOffset = netlinkHeaderSize + connectorHeaderSize
    /// `what`, `cpu` and `timestamp_ns` come before the event's own data.
    static let eventDataOffset = 16
    /// NLMSG_DONE: the connector sends every message with this type.
    static let done: UInt16 = 3
    /// NLMSG_OVERRUN: data was lost.
    static let overrun: UInt16 = 4

    /// A request to start (`PROC_CN_MCAST_LISTEN`) or stop (`PROC_CN_MCAST_IGNORE`)
    /// receiving events; with `events` (a `PROC_EVENT_*` mask), the 8-byte
    /// form that kernels since 6.6 read as a filter and older ones ignore.
    static func subscription(
        _ operation: proc_cn_mcast_op, events: UInt32? = nil, sequence: UInt32,
        portID: UInt32
    ) -> [UInt8] {
        var data = bytes(of: UInt32(operation.rawValue))
        if let events { data += bytes(of: events) }
        var message: [UInt8] = []
        message += bytes(of: UInt32(eventOffset + data.count))  // nlmsg_len
        message += bytes(of: done)  // nlmsg_type
        message += bytes(of: UInt16(0))  // nlmsg_flags
        message += bytes(of: sequence)  // nlmsg_seq
        message += bytes(of: portID)  // nlmsg_pid
        message += bytes(of: UInt32(CN_IDX_PROC))  // cn_msg.id.idx
        message += bytes(of: UInt32(CN_VAL_PROC))  // cn_msg.id.val
        message += bytes(of: sequence)  // cn_msg.seq
        message += bytes(of: sequence)  // cn_msg.ack: answered with ack + 1
        message += bytes(of: UInt16(data.count))  // cn_msg.len
        message += bytes(of: UInt16(0))  // cn_msg.flags
        return message + data
    }

    /// The events in one datagram; malformed or truncated messages end it.
    static func events(in datagram: UnsafeRawBufferPointer) -> [Event] {
        var events: [Event] = []
        var offset = 0
        while offset + netlinkHeaderSize <= datagram.count {
            let length = Int(datagram.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let type = datagram.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self)
            guard length >= netlinkHeaderSize, offset + length <= datagram.count else { break }
            if type == done {
                events.append(event(in: UnsafeRawBufferPointer(rebasing: datagram[offset..<(offset + length)])))
            }
            offset += (length + 3) & ~3
        }
        return events
    }

    /// The event in one whole message of type NLMSG_DONE.
    private static func event(in message: UnsafeRawBufferPointer) -> Event {
        let connector = netlinkHeaderSize
        guard message.count >= eventOffset + eventDataOffset + 4,
            message.loadUnaligned(fromByteOffset: connector, as: UInt32.self) == UInt32(CN_IDX_PROC),
            message.loadUnaligned(fromByteOffset: connector + 4, as: UInt32.self) == UInt32(CN_VAL_PROC)
        else { return .other }
        let dataLength = Int(message.loadUnaligned(fromByteOffset: connector + 16, as: UInt16.self))
        guard eventOffset + dataLength <= message.count else { return .other }
        let what = message.loadUnaligned(fromByteOffset: eventOffset, as: UInt32.self)
        let data = eventOffset + eventDataOffset
        switch what {
        case UInt32(PROC_EVENT_EXEC.rawValue) where dataLength >= eventDataOffset + 8:
            return .exec(
                ExecEvent(
                    pid: message.loadUnaligned(fromByteOffset: data, as: Int32.self),
                    tgid: message.loadUnaligned(fromByteOffset: data + 4, as: Int32.self),
                    timestamp: message.loadUnaligned(fromByteOffset: eventOffset + 8, as: UInt64.self)))
        case UInt32(PROC_EVENT_NONE.rawValue):
            return .acknowledgement(
                sequence: message.loadUnaligned(fromByteOffset: connector + 8, as: UInt32.self),
                ack: message.loadUnaligned(fromByteOffset: connector + 12, as: UInt32.self),
                error: message.loadUnaligned(fromByteOffset: data, as: UInt32.self))
        default:
            return .other
        }
    }

    /// The native-endian bytes of an integer, as the kernel reads and writes them.
    private static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }
}
