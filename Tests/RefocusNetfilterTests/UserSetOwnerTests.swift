import RefocusCore
import Testing
@testable import RefocusNetfilter

/// A rule's lookup set names whose user it refuses for: exactly the names
/// `RefocusSet.userContents` gives, and nothing that merely looks like one.
@Suite struct UserSetOwnerTests {
    @Test func theUsersOwnSetNamesGiveTheirUid() throws {
        let intervals = AddressIntervals(
            try ["192.0.2.1", "198.51.100.0/24", "2001:db8::1", "2001:db8:1::/48"].map { try AddressRange(parsing: $0) }
        )
        let names = RefocusSet.userContents(uid: 4_294_967_294, index: 3, blocked: intervals).map(\.definition.name)
        #expect(names.count == 4, "\(names)")
        for name in names { #expect(RefocusSet.userSetOwner(name) == 4_294_967_294, "\(name)") }
    }

    @Test(arguments: [
        "u1000", "u1000_", "u1000_5", "u1000_4nett", "u_4", "u+1000_4", "u01000_4", "u4294967296_4", "hits4",
        "allow1000", "U1000_4", "u1000_4 ", "uu1000_4",
    ])
    func otherNamesGiveNone(name: String) {
        #expect(RefocusSet.userSetOwner(name) == nil)
    }
}
