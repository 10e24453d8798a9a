import CLinux
import CAres
import RefocusCore
import RefocusOS

/// Owns one c-ares channel that asks fixed name servers directly: it reads
/// no resolv.conf and never /etc/hosts (queries go through ares_query, and
/// the host lookup order is set to DNS only besides). The channel is
/// destroyed in deinit. Not Sendable: it stays on the thread that made it.
final class AresChannel {
    /// The c-ares channel; the event loop in `AresChannel+Events` drives it.
    let channel: ares_channel
    /// The sockets to poll, kept by the channel's socket-state callback.
    let sockets: AresSockets

    /// A channel asking `servers` (port 53), retrying each query `tries`
    /// times with a first wait of `attemptTimeout` that c-ares doubles per
    /// round over the servers.
    init(servers: [IPAddress], attemptTimeout: Duration, tries: Int) throws(DNSClientError) {
        guard AresLibrary.status == ARES_SUCCESS else {
            throw .library(operation: "initialise", reason: AresReply.reason(AresLibrary.status))
        }
        let sockets = AresSockets()
        var options = ares_options()
        options.timeout = Int32(clamping: attemptTimeout.roundedUpMilliseconds)
        options.tries = Int32(clamping: tries)
        options.sock_state_cb = { target, socket, readable, writable in
            guard let target else { return }
            Unmanaged<AresSockets>.fromOpaque(target).takeUnretainedValue()
                .update(socket, readable: readable != 0, writable: writable != 0)
        }
        options.sock_state_cb_data = Unmanaged.passUnretained(sockets).toOpaque()
        let mask = ARES_OPT_TIMEOUTMS | ARES_OPT_TRIES | ARES_OPT_SOCK_STATE_CB | ARES_OPT_LOOKUPS | ARES_OPT_RESOLVCONF
        var created: ares_channel?
        // c-ares copies both strings. "b": DNS only, never the hosts file;
        // /dev/null: no system configuration, the servers are set below.
        let status = "b".withCString { lookups in
            "/dev/null".withCString { noConfiguration in
                options.lookups = UnsafeMutablePointer(mutating: lookups)
                options.resolvconf_path = UnsafeMutablePointer(mutating: noConfiguration)
                return ares_init_options(&created, &options, mask)
            }
        }
        guard status == ARES_SUCCESS, let created else {
            throw .library(operation: "create a channel of", reason: AresReply.reason(status))
        }
        let list = servers.map(\.description).joined(separator: ",")
        let set = ares_set_servers_csv(created, list)
        guard set == ARES_SUCCESS else {
            ares_destroy(created)
            throw .servers(list: list, reason: AresReply.reason(set))
        }
        channel = created
        self.sockets = sockets
    }

    deinit {
        ares_destroy(channel)
    }

    /// Sends a query for the `type` records of `name`; `completion` runs
    /// exactly once, inside this call or a later `process` or `cancelAll`.
    func query(_ name: String, _ type: RecordType, completion: @escaping (LookupOutcome) -> Void) {
        let pending = Unmanaged.passRetained(AresQuery(type: type, completion: completion)).toOpaque()
        ares_query(
            channel, name, Int32(ns_c_in.rawValue), type.number,
            { argument, status, _, answer, length in
                guard let argument else { return }
                let query = Unmanaged<AresQuery>.fromOpaque(argument).takeRetainedValue()
                query.completion(
                    AresReply.outcome(
                        status: status, type: query.type,
                        answer: answer.map { UnsafePointer($0) }, length: length))
            }, pending)
    }

    /// Ends every query in flight; their completions see `.timedOut`.
    func cancelAll() {
        ares_cancel(channel)
    }
}

/// One query in flight: retained for c-ares through its callback argument
/// until the callback, which c-ares calls exactly once, releases it.
private final class AresQuery {
    let type: RecordType
    let completion: (LookupOutcome) -> Void

    init(type: RecordType, completion: @escaping (LookupOutcome) -> Void) {
        self.type = type
        self.completion = completion
    }
}
