import RefocusCore

/// Lists blocked for chosen users only, never for anyone else: an
/// administrator's schedule in force (`ActiveAdministratorSession`), or a
/// user's own session under `user_sessions = "owner"`. `DesiredEnforcement`
/// turns them into `UserBlocks` per uid.
public struct TargetedLists: Sendable, Equatable {
    /// The users they bind, by uid.
    public var uids: [UInt32]
    /// What they block.
    public var lists: [BlockList]

    /// Lists for these users.
    public init(uids: [UInt32], lists: [BlockList]) {
        self.uids = uids
        self.lists = lists
    }

    /// A user's own block session, for its owner alone (`user_sessions = "owner"`).
    public init(ownerOf session: Session) {
        self.init(uids: [session.owner], lists: session.blockLists)
    }

    /// An administrator's schedule in force, for the users it reaches now.
    public init(_ session: ActiveAdministratorSession) {
        self.init(uids: session.uids, lists: session.lists)
    }
}

/// What the sessions meant for one user block for that user alone: the
/// resolver module's entries for the user, the names whose addresses the
/// table refuses to the user's sockets (`meta skuid`), and the addresses
/// the lists write. Their programs join `DesiredEnforcement.programs`,
/// which is per owner already.
public struct UserBlocks: Sendable, Equatable {
    /// Every blocked domain, and the DNS-over-HTTPS endpoints' names, for
    /// the user's entries in the resolver module's index (empty without the module).
    public var indexedNames: Set<DomainName> = []
    /// The names whose addresses the table refuses to the user, with the
    /// policy's subdomains, sorted (lists within the policy's `hostsOnlyAbove`).
    public var namesToResolve: [String] = []
    /// Addresses and ranges written in the lists.
    public var addresses: Set<AddressRange> = []

    /// Nothing blocked.
    public init() {}

    /// Whether it blocks nothing.
    public var isEmpty: Bool { indexedNames.isEmpty && namesToResolve.isEmpty && addresses.isEmpty }
}
