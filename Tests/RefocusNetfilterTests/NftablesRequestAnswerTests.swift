import CNetfilter
import RefocusCore
import SystemPackage
import Testing

@testable import RefocusNetfilter

/// How `Nftables` reads the kernel's answers to its requests, and which
/// requests it sends, through a `RecordingNetlinkSocket`, without root: who
/// holds the table (GETTABLE), and the counters' dumps, which ENOENT
/// empties, EPERM refuses and EINTR (a dump the ruleset changed under)
/// asks again, three times at most. The privileged tests cover the same
/// calls against the kernel.
@Suite struct NftablesRequestAnswerTests {
    /// The fake socket's port id: the owner `ownedByUs` means.
    static let port: UInt32 = 4242

    /// What a call returned or threw.
    enum Outcome<Value: Equatable & Sendable>: Equatable, Sendable {
        case value(Value)
        case failure(NftablesError)

        init(_ body: () throws(NftablesError) -> Value) {
            do { self = .value(try body()) } catch { self = .failure(error) }
        }
    }

    /// One scripted answer to a dump: its messages, or the kernel's error.
    enum DumpAnswer: Sendable {
        /// NEWSETELEM messages, each with these elements.
        case elements([[SetElementCount]])
        /// NEWRULE messages, each with a counter per number.
        case rules([[UInt64]])
        case error(Errno)

        func result() throws -> Result<[[UInt8]], Errno> {
            switch self {
            case .elements(let messages): .success(try messages.map(NetfilterCounterTests.kernelElementMessage))
            case .rules(let messages):
                .success(try messages.map { try NetfilterCounterTests.kernelRuleMessage(counting: $0) })
            case .error(let errno): .failure(errno)
            }
        }
    }

    static let owned = NftTable.ownerFlag | NftTable.persistFlag
    static let lookUp = "look up table inet refocus"

    /// The table's flags and owner decide its state; no table (ENOENT, or
    /// an empty answer) is `missing`; EPERM is no CAP_NET_ADMIN; an answer
    /// that is not a table is refused.
    @Test(
        arguments: [
            (Result<[[UInt8]], Errno>.failure(.noSuchFileOrDirectory), Outcome<Nftables.TableState>.value(.missing)),
            (.success([]), .value(.missing)),
            (.success([NftEventReaderTests.table(flags: owned, owner: port)]), .value(.ownedByUs)),
            (.success([NftEventReaderTests.table(flags: owned, owner: 77)]), .value(.ownedByOther(portID: 77))),
            (.success([NftEventReaderTests.table(flags: NftTable.persistFlag, owner: nil)]), .value(.orphaned)),
            (.success([NftEventReaderTests.table(flags: NftTable.ownerFlag, owner: nil)]), .value(.orphaned)),
            (.success([NftEventReaderTests.table(flags: NftTable.persistFlag, owner: port)]), .value(.orphaned)),
            (.failure(.notPermitted), .failure(.notPermitted(operation: lookUp))),
            (.failure(.resourceBusy), .failure(.refused(operation: lookUp, .resourceBusy))),
            (
                .success([[1, 2, 3]]),
                .failure(.refused(operation: "read the answer about table inet refocus", .badMessage))
            ),
        ] as [(Result<[[UInt8]], Errno>, Outcome<Nftables.TableState>)])
    func tableStateReadsTheKernelsAnswer(answer: Result<[[UInt8]], Errno>, expected: Outcome<Nftables.TableState>) {
        let socket = RecordingNetlinkSocket(portID: Self.port)
        socket.requestAnswers = [answer]
        let nftables = Nftables(socket: socket)
        #expect(Outcome { () throws(NftablesError) in try nftables.tableState() } == expected)
        #expect(socket.sent.count == 1)
    }

    @Test(
        arguments: [
            (Result<[[UInt8]], Errno>.failure(.noSuchFileOrDirectory), Outcome<Bool>.value(false)),
            (.success([]), .value(false)),
            (.success([NftEventReaderTests.table(flags: NftTable.persistFlag, owner: nil)]), .value(true)),
            (.failure(.notPermitted), .failure(.notPermitted(operation: lookUp))),
            (.failure(.resourceBusy), .failure(.refused(operation: lookUp, .resourceBusy))),
        ] as [(Result<[[UInt8]], Errno>, Outcome<Bool>)])
    func tableExistsReadsTheKernelsAnswer(answer: Result<[[UInt8]], Errno>, expected: Outcome<Bool>) {
        let socket = RecordingNetlinkSocket()
        socket.requestAnswers = [answer]
        #expect(Outcome { () throws(NftablesError) in try Nftables(socket: socket).tableExists() } == expected)
    }

    /// Both ask with one GETTABLE that names the instance's table, asks for
    /// an ACK and sets no flags.
    @Test func lookingUpSendsOneGetTableNamingTheTable() throws {
        let socket = RecordingNetlinkSocket(firstSequence: 70)
        socket.requestAnswers = [.success([]), .success([])]
        let nftables = Nftables(socket: socket, tableName: "refocus_t3")
        _ = try nftables.tableState()
        _ = try nftables.tableExists()
        let messages = socket.requests.flatMap(NetlinkMessages.split)
        #expect(messages.map(\.type) == Array(repeating: NetlinkMessages.nftType(NFT_MSG_GETTABLE), count: 2))
        #expect(messages.map(\.sequence) == [70, 71])
        #expect(
            messages.allSatisfy { $0.flags == UInt16(NLM_F_REQUEST | NLM_F_ACK) && $0.family == UInt8(NFPROTO_INET) })
        #expect(messages.map(\.strings) == Array(repeating: [UInt16(NFTA_TABLE_NAME.rawValue): "refocus_t3"], count: 2))
        #expect(messages.allSatisfy { $0.attributes.count == 1 }, "the name alone: no flags")
    }

    static let v4 = IPAddress.v4(0xC000_0209)
    static let v6 = IPAddress.v6(high: 0x2001_0db8 << 32, low: 1)

    /// One dump per hits set, in order; an interrupted one asked again up
    /// to three times; ENOENT (no table, no set) is no element; counts of an
    /// address in several messages add up; elements without a counter are left out.
    @Test(
        arguments: [
            (
                [
                    DumpAnswer.error(.interrupted), .error(.interrupted),
                    .elements([
                        [
                            SetElementCount(address: v4, packets: 7),
                            SetElementCount(address: .v4(0xC000_020B), packets: nil),
                        ]
                    ]),
                    .elements([[SetElementCount(address: v6, packets: 1)]]),
                ],
                Outcome<[IPAddress: UInt64]>.value([v4: 7, v6: 1]), ["hits4", "hits4", "hits4", "hits6"]
            ),
            (
                [.error(.interrupted), .error(.interrupted), .error(.interrupted)],
                .failure(.refused(operation: "read the counters of set hits4", .interrupted)),
                ["hits4", "hits4", "hits4"]
            ),
            ([.error(.noSuchFileOrDirectory), .error(.noSuchFileOrDirectory)], .value([:]), ["hits4", "hits6"]),
            ([.error(.notPermitted)], .failure(.notPermitted(operation: "read the counters of set hits4")), ["hits4"]),
            (
                [
                    .elements([[SetElementCount(address: v4, packets: 7)], [SetElementCount(address: v4, packets: 3)]]),
                    .error(.noSuchFileOrDirectory),
                ], .value([v4: 10]), ["hits4", "hits6"]
            ),
            (
                [.elements([]), .error(.noBufferSpace)],
                .failure(.refused(operation: "read the counters of set hits6", .noBufferSpace)), ["hits4", "hits6"]
            ),
        ] as [([DumpAnswer], Outcome<[IPAddress: UInt64]>, [String])])
    func hitCountersDumpEachHitsSet(answers: [DumpAnswer], expected: Outcome<[IPAddress: UInt64]>, sets: [String])
        throws
    {
        let socket = RecordingNetlinkSocket(firstSequence: 10)
        socket.requestAnswers = try answers.map { try $0.result() }
        #expect(Outcome { () throws(NftablesError) in try Nftables(socket: socket).hitCounters() } == expected)
        let messages = socket.requests.flatMap(NetlinkMessages.split)
        #expect(messages.map { $0.strings[UInt16(NFTA_SET_ELEM_LIST_SET.rawValue)] } == sets)
        #expect(messages.allSatisfy { $0.strings[UInt16(NFTA_SET_ELEM_LIST_TABLE.rawValue)] == "refocus" })
        #expect(messages.allSatisfy { $0.type == NetlinkMessages.nftType(NFT_MSG_GETSETELEM) })
        #expect(
            messages.allSatisfy { $0.flags == UInt16(NLM_F_REQUEST | NLM_F_DUMP) && $0.family == UInt8(NFPROTO_INET) })
        #expect(messages.map(\.sequence) == Array(10..<10 + UInt32(sets.count)))
    }

    /// One GETRULE dump of the table's rules, asked again when interrupted;
    /// the rules' counters add up; no table counts nothing.
    @Test(
        arguments: [
            ([DumpAnswer.error(.interrupted), .rules([[40, 2], [5], []])], Outcome<UInt64>.value(47), 2),
            ([.error(.noSuchFileOrDirectory)], .value(0), 1),
            (
                [.error(.notPermitted)],
                .failure(.notPermitted(operation: "read the counters of table inet refocus_t5")), 1
            ),
            (
                [.error(.interrupted), .error(.interrupted), .error(.interrupted)],
                .failure(.refused(operation: "read the counters of table inet refocus_t5", .interrupted)), 3
            ),
        ] as [([DumpAnswer], Outcome<UInt64>, Int)])
    func blockedTotalDumpsTheTablesRules(answers: [DumpAnswer], expected: Outcome<UInt64>, requests: Int) throws {
        let socket = RecordingNetlinkSocket()
        socket.requestAnswers = try answers.map { try $0.result() }
        #expect(
            Outcome { () throws(NftablesError) in try Nftables(socket: socket, tableName: "refocus_t5").blockedTotal() }
                == expected)
        let messages = socket.requests.flatMap(NetlinkMessages.split)
        #expect(messages.count == requests)
        #expect(messages.allSatisfy { $0.type == NetlinkMessages.nftType(NFT_MSG_GETRULE) })
        #expect(messages.allSatisfy { $0.flags == UInt16(NLM_F_REQUEST | NLM_F_DUMP) })
        #expect(messages.allSatisfy { $0.strings == [UInt16(NFTA_RULE_TABLE.rawValue): "refocus_t5"] })
    }
}
