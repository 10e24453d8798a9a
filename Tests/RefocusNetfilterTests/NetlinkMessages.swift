import CNetfilter
import Glibc

/// Netlink messages read back from bytes a test recorded, without libmnl
/// or libnftnl: each message's header, its `nfgenmsg` family and its
/// top-level attributes, so that a test states what was sent independently
/// of the code that built it.
struct NetlinkMessages {
    /// One message read back.
    struct Message {
        let type: UInt16
        let flags: UInt16
        let sequence: UInt32
        /// The `nfgenmsg` family (NFPROTO_INET for every nf_tables message ReFocus sends).
        let family: UInt8?
        /// Top-level attributes' payloads by type (flag bits cleared).
        let attributes: [UInt16: [UInt8]]

        /// The NUL-terminated string attributes.
        var strings: [UInt16: String] {
            attributes.compactMapValues { payload in
                guard payload.last == 0 else { return nil }
                return String(decoding: payload.dropLast(), as: UTF8.self)
            }
        }

        /// The attributes of four bytes, read as nf_tables' big-endian u32s.
        var numbers: [UInt16: UInt32] {
            attributes.compactMapValues { payload in
                guard payload.count == 4 else { return nil }
                return payload.reduce(0) { $0 << 8 | UInt32($1) }
            }
        }
    }

    /// The messages of `bytes` (a batch, a request, a datagram), in order.
    static func split(_ bytes: [UInt8]) -> [Message] {
        let headerSize = MemoryLayout<nlmsghdr>.size
        let extraSize = MemoryLayout<nfgenmsg>.size
        var messages: [Message] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let header = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: nlmsghdr.self) }
            let end = offset + Int(header.nlmsg_len)
            guard end <= bytes.count, Int(header.nlmsg_len) >= headerSize else { break }
            var attributes: [UInt16: [UInt8]] = [:]
            let hasExtra = Int(header.nlmsg_len) >= headerSize + extraSize
            if hasExtra {
                for attribute in NetfilterBatchTests.attributes(
                    in: bytes, from: offset + headerSize + extraSize, to: end)
                {
                    attributes[attribute.type] = Array(bytes[attribute.payload])
                }
            }
            messages.append(
                Message(
                    type: header.nlmsg_type, flags: header.nlmsg_flags, sequence: header.nlmsg_seq,
                    family: hasExtra ? bytes[offset + headerSize] : nil, attributes: attributes))
            offset += (Int(header.nlmsg_len) + 3) & ~3
        }
        return messages
    }

    /// The message type of an nf_tables message: subsystem and message.
    static func nftType(_ type: nf_tables_msg_types) -> UInt16 {
        UInt16(NFNL_SUBSYS_NFTABLES << 8) | UInt16(type.rawValue)
    }
}
