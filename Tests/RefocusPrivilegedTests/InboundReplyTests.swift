import RefocusTestSupport
import Testing

/// Blocks refuse new outbound connections only (issue 28, finding 5), for
/// real in the sandbox's namespaces: an echo server here (198.51.100.1, as
/// root, an administrator's sshd) and one on the peer (198.51.100.5, the
/// administrator's workstation), each with a connection open to it before
/// member ann blocks the peer's address through the real sudo. The
/// connection the peer opened keeps exchanging bytes, and the peer connects
/// anew; the connection this machine opened is cut, and a new one refused.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct InboundReplyTests {
    /// The echo server (`echo.py ADDRESS PORT`) and the talker
    /// (`talk.py ADDRESS PORT NAME`: connects, exchanges a word, waits for
    /// `$WORK/go`, exchanges another, and prints each outcome: `echoed`,
    /// `reset`, `timeout`, `closed`, `error N`).
    static let setUp =
        MemberProbeSetUp.script + #"""
            cat > "$WORK/echo.py" <<'PY'
            import socket, sys, threading
            s = socket.socket(socket.AF_INET); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((sys.argv[1], int(sys.argv[2]))); s.listen(16)
            def serve(c):
                try:
                    while True:
                        data = c.recv(64)
                        if not data: break
                        c.sendall(data)
                except OSError: pass
            while True:
                c, _ = s.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
            PY
            cat > "$WORK/talk.py" <<'PY'
            import os, socket, sys, time
            address, port, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
            def exchange(s, word):
                try:
                    s.sendall(word); return "echoed" if s.recv(64) == word else "closed"
                except socket.timeout: return "timeout"
                except ConnectionResetError: return "reset"
                except OSError as e: return "error %d" % e.errno
            s = socket.socket(socket.AF_INET); s.settimeout(3)
            try: s.connect((address, port))
            except OSError as e: print(name, "connect:", e.errno, flush=True); sys.exit()
            print(name, "before:", exchange(s, b"one"), flush=True)
            while not os.path.exists(os.environ["WORK"] + "/go"): time.sleep(0.02)
            print(name, "during:", exchange(s, b"two"), flush=True)
            PY
            peer() { nsenter --net=/proc/$PEER/ns/net "$@"; }
            # wait_listening ADDRESS PORT [peer]: waits until a connection from here (or from the peer) succeeds.
            wait_listening() { for _ in $(seq 200); do [ "$(${3:+peer} bash -c "$(declare -f connect); connect $1 $2")" = connected ] && return; sleep 0.02; done; echo "nothing listens on $1 $2"; }
            # wait_said NAME…: waits until every talker NAME said its first outcome.
            wait_said() { for name in "$@"; do for _ in $(seq 200); do grep -q before "$WORK/$name" 2> /dev/null && break; sleep 0.02; done; done; }

            """#

    @Test func theConnectionThePeerOpenedSurvivesABlockOfItsAddressAndOursIsCut() throws {
        let sandbox = Sandbox(peerAddresses: ["198.51.100.5"])
        let run = try sandbox.run(
            Self.setUp + #"""
                python3 "$WORK/echo.py" 198.51.100.1 2222 &
                peer python3 "$WORK/echo.py" 198.51.100.5 2222 &
                wait_listening 198.51.100.1 2222 peer; wait_listening 198.51.100.5 2222
                peer python3 "$WORK/talk.py" 198.51.100.1 2222 inbound > "$WORK/inbound" & inbound=$!
                python3 "$WORK/talk.py" 198.51.100.5 2222 outbound > "$WORK/outbound" & outbound=$!
                wait_said inbound outbound
                as_user ann "$B/refocus" list add desk 198.51.100.5 > /dev/null
                as_user ann "$B/refocus" start --list desk 10m > /dev/null
                touch "$WORK/go"
                wait $inbound $outbound
                cat "$WORK/inbound" "$WORK/outbound"
                peer python3 "$WORK/talk.py" 198.51.100.1 2222 fresh
                echo "new outbound: $(connect 198.51.100.5 2222)"
                nft list chain inet refocus output | grep -c 'ct direction reply accept'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "inbound before: echoed", "outbound before: echoed", "inbound during: echoed", "outbound during: reset",
            "fresh before: echoed", "fresh during: echoed", "new outbound: refused",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(run.stdout.hasSuffix("\n1\n"), "one accept of the replies, first in chain output: \(run.stdout)")
    }

    /// The accept of the replies fails closed: with conntrack told to track
    /// nothing here (a `notrack` rule before conntrack, as a raw table
    /// would have it), a connection to the blocked peer is still refused.
    @Test func anUntrackedPacketToABlockedAddressIsStillRefused() throws {
        let sandbox = Sandbox(peerAddresses: ["198.51.100.5"])
        let run = try sandbox.run(
            Self.setUp + #"""
                nft add table inet notrack_test
                nft add chain inet notrack_test output '{ type filter hook output priority -300; }'
                nft add rule inet notrack_test output notrack
                as_user ann "$B/refocus" list add desk 198.51.100.5 > /dev/null
                as_user ann "$B/refocus" start --list desk 10m > /dev/null
                echo "untracked new outbound: $(connect 198.51.100.5)"
                as_user ann "$B/refocus" stop > /dev/null
                echo "after: $(connect 198.51.100.5)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "untracked new outbound: refused\nafter: connected\n", "\(run.stdout)")
    }

    /// Under an allowlist, the owner's own answers to a connection the
    /// peer opened to a listener of theirs stay refused (a relay out of a
    /// locked allowlist), while root's listener beside it keeps answering.
    @Test func anAllowlistOwnersOwnListenerDoesNotAnswerOutside() throws {
        let sandbox = Sandbox(peerAddresses: ["198.51.100.5"])
        let run = try sandbox.run(
            Self.setUp + #"""
                python3 "$WORK/echo.py" 198.51.100.1 2222 &
                as_user ann python3 "$WORK/echo.py" 198.51.100.1 2223 &
                wait_listening 198.51.100.1 2222 peer; wait_listening 198.51.100.1 2223 peer
                peer python3 "$WORK/talk.py" 198.51.100.1 2222 root > "$WORK/root" & root=$!
                peer python3 "$WORK/talk.py" 198.51.100.1 2223 ann > "$WORK/ann" & ann=$!
                wait_said root ann
                as_user ann "$B/refocus" list add work 198.51.100.9 > /dev/null
                as_user ann "$B/refocus" start --allow work 10m --lock > /dev/null
                touch "$WORK/go"
                wait $root $ann
                cat "$WORK/root" "$WORK/ann"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in ["root before: echoed", "ann before: echoed", "root during: echoed"] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
        #expect(run.stdout.contains("ann during: ") && !run.stdout.contains("ann during: echoed"), "\(run.stdout)")
    }
}
