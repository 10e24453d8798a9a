import CNetfilter
import RefocusOS

/// The top-level attributes of one nf_tables message that a reader asked
/// for, read with libmnl: `mnl_attr_parse` after the `nfgenmsg` header,
/// each attribute checked with `mnl_attr_validate` before it is read.
///
/// Numbers are nf_tables' big-endian u32s, returned in host order; strings
/// are NUL-terminated. Attributes nobody asked for, and attributes that fail
/// validation, are left out. Pure parsing: no privilege, no system call.
struct NetlinkAttributes {
    /// How an attribute is read.
    enum Kind {
        /// NLA_U32 in network byte order.
        case u32
        /// NLA_STRING ending in NUL.
        case string
    }

    /// The attribute types to read, and how.
    fileprivate let wanted: [UInt16: Kind]
    /// The u32 attributes found, by type.
    fileprivate(set) var numbers: [UInt16: UInt32] = [:]
    /// The string attributes found, by type.
    fileprivate(set) var strings: [UInt16: String] = [:]

    /// Reads the attributes of `wanted` types from the message at `header`,
    /// whose payload starts with a `nfgenmsg`. A message too short to hold
    /// one yields no attributes.
    init(of header: UnsafePointer<nlmsghdr>, reading wanted: [UInt16: Kind]) {
        self.wanted = wanted
        guard Int(header.pointee.nlmsg_len) >= MemoryLayout<nlmsghdr>.size + MemoryLayout<nfgenmsg>.size else { return }
        withUnsafeMutablePointer(to: &self) { attributes in
            // A malformed attribute ends the walk; what came before it is kept.
            _ = mnl_attr_parse(header, UInt32(MemoryLayout<nfgenmsg>.size), collectAttribute, attributes)
        }
    }

    /// The u32 attribute of `type`, if the message held a valid one.
    func u32(_ type: UInt16) -> UInt32? { numbers[type] }

    /// The string attribute of `type`, if the message held a valid one.
    func string(_ type: UInt16) -> String? { strings[type] }
}

/// `mnl_attr_parse`'s callback: stores the attribute in the
/// `NetlinkAttributes` that `data` points to when it is wanted and valid.
private func collectAttribute(_ attribute: UnsafePointer<nlattr>?, _ data: UnsafeMutableRawPointer?) -> Int32 {
    guard let attribute, let data else { return MNL_CB_OK }
    let attributes = data.assumingMemoryBound(to: NetlinkAttributes.self)
    let type = mnl_attr_get_type(attribute)
    switch attributes.pointee.wanted[type] {
    case .u32?:
        guard mnl_attr_validate(attribute, MNL_TYPE_U32) >= 0 else { return MNL_CB_OK }
        attributes.pointee.numbers[type] = UInt32(bigEndian: mnl_attr_get_u32(attribute))
    case .string?:
        guard mnl_attr_validate(attribute, MNL_TYPE_NUL_STRING) >= 0, let text = mnl_attr_get_str(attribute)
        else { return MNL_CB_OK }
        attributes.pointee.strings[type] = String(cString: text)
    case nil:
        break
    }
    return MNL_CB_OK
}
