import Foundation
import RefocusTestSupport
import Testing

/// Finding 3 of the trust-boundary issue: blocked names pointed at 0.0.0.0
/// and ::, which on Linux reach local listeners. A member blocked a proxy's
/// name and listened on its port, and received root's connection. Now the
/// names point at 192.0.2.1 and 100::1, which the table rejects, and where
/// no table can be made (a kernel without nf_tables, caused here for real
/// by a seccomp filter that refuses netfilter sockets) unreachable routes
/// make them fail at once, and `refocus status` says so.
@Suite(.enabled(if: SudoTools.unavailableReason == nil, Comment(rawValue: SudoTools.unavailableReason ?? "")))
struct SinkholeTests {
    /// `connect_name NAME PORT`: connects by name as a program would (every
    /// address getaddrinfo gives, in its order); prints the outcome and the time it took.
    static let connectByName = #"""
        connect_name() {
          python3 - "$1" "$2" <<'PY'
        import socket, sys, time
        start = time.monotonic()
        try:
            socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=5).close(); outcome = "connected"
        except ConnectionRefusedError: outcome = "refused"
        except socket.timeout: outcome = "timeout"
        except OSError as e: outcome = "error %d" % e.errno
        print(outcome, "in %d ms" % ((time.monotonic() - start) * 1000))
        PY
        }

        """#

    @Test func aBlockedNameNeverReachesAMembersListenerOnThisMachine() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("proxy.test", "192.0.2.2")], peerAddresses: ["192.0.2.2", "2001:db8::2"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + Self.connectByName + #"""
                # Routes everywhere, as on a real machine: without the table, both sinkholes would be sent out.
                ip route add default via 192.0.2.2
                ip -6 route add default via 2001:db8::2
                # Bob listens on the proxy's port on every local address, as himself, and records what arrives.
                cat > "$WORK/listen.py" <<'PY'
                import socket, sys, threading
                def serve(family, address):
                    s = socket.socket(family); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    if family == socket.AF_INET6: s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                    s.bind((address, 3128)); s.listen(8)
                    while True:
                        c, peer = s.accept(); open(sys.argv[1], "a").write("got %s\n" % peer[0]); c.close()
                for family, address in ((socket.AF_INET, "0.0.0.0"), (socket.AF_INET6, "::")):
                    threading.Thread(target=serve, args=(family, address), daemon=True).start()
                threading.Event().wait()
                PY
                touch "$WORK/received"; chmod 666 "$WORK/received"
                as_user bob python3 "$WORK/listen.py" "$WORK/received" & listener=$!
                for _ in $(seq 100); do [ "$(connect 127.0.0.1 3128)" = connected ] && break; sleep 0.02; done
                : > "$WORK/received"
                echo "the old mapping, 0.0.0.0: $(connect 0.0.0.0 3128)"
                : > "$WORK/received"
                as_user bob "$B/refocus" list add proxy proxy.test > /dev/null
                as_user bob "$B/refocus" start --list proxy 10m > /dev/null
                echo "proxy.test resolves to: $(getent ahosts proxy.test | awk '{print $1}' | sort -u | tr '\n' ' ')"
                echo "root by name: $(connect_name proxy.test 3128)"
                echo "sinkholes: $(connect 192.0.2.1 3128) $(connect 100::1 3128)"
                echo "bob received: $(wc -l < "$WORK/received")"
                "$B/refocus" status | grep '^Enforced by' || true
                kill $listener
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "the old mapping, 0.0.0.0: connected\n", "proxy.test resolves to: 100::1 192.0.2.1 \n",
            "root by name: refused in ", "sinkholes: refused refused\n", "bob received: 0\n",
            // proxy.test resolves to 192.0.2.2, the default gateway here: never blocked.
            "Enforced by: /etc/hosts (6 names), the nftables table (0 addresses)\(Sandbox.chromiumLayer)\(Sandbox.dohLayer).\n",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        let milliseconds = run.number(after: "refused in ", onLineStarting: "root by name")
        #expect(milliseconds.map { $0 < 500 } == true, "refused at once: \(run.stdout)")
    }

    @Test func withoutNftablesBlockedNamesStillFailAtOnceThroughRoutes() throws {
        let sandbox = Sandbox(dns: [Sandbox.Record("blocked.test", "192.0.2.2")], peerAddresses: ["192.0.2.2"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + Self.connectByName + #"""
                # A kernel without nf_tables, for the helper and the daemon it starts: socket(AF_NETLINK, *,
                # NETLINK_NETFILTER) fails as it does there. Root runs refocus under it (sudo refuses to run with
                # no_new_privs, which an unprivileged filter needs); the helper and its daemon inherit it.
                cat > "$WORK/no-nftables" <<'PY'
                #!/usr/bin/python3
                import errno, os, seccomp, socket, sys
                rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
                rules.add_rule(seccomp.ERRNO(errno.EPROTONOSUPPORT), "socket",
                               seccomp.Arg(0, seccomp.EQ, socket.AF_NETLINK), seccomp.Arg(2, seccomp.EQ, 12))
                rules.load()
                os.execv(sys.argv[1], sys.argv[1:])
                PY
                chmod 755 "$WORK/no-nftables"
                ip route add default via 192.0.2.2
                echo "before: $(connect_name blocked.test 8080)"
                "$B/refocus" list add b blocked.test > /dev/null
                status=0; "$WORK/no-nftables" "$B/refocus" start --list b 10m > /dev/null 2> "$WORK/err" || status=$?
                echo "start: $status"; sed 's/^/note: /' "$WORK/err"
                nft list tables | grep -c refocus | sed 's/^/tables: /' || true
                ip route show proto 82 | sed 's/^/route: /'
                ip -6 route show proto 82 | sed 's/^/route: /'
                echo "during: $(connect_name blocked.test 8080)"
                echo "firewall: $(python3 -c 'import json; print(json.load(open("/run/refocus/status.json"))["counts"]["firewall"])')"
                as_user bob "$B/refocus" status | grep '^Enforced by'
                "$WORK/no-nftables" "$B/refocus" stop > /dev/null
                echo "routes left: $(ip route show proto 82 | wc -l) $(ip -6 route show proto 82 | wc -l)"
                echo "after: $(connect_name blocked.test 8080)"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "before: connected", "start: 0\n",
            "note: refocus: table inet refocus could not be made (cannot open "
                + "netlink socket: netlink socket: ",
            ": blocked names fail at once through unreachable routes, "
                + "but addresses are not blocked\n",
            "route: unreachable 192.0.2.1 \n", "route: unreachable 100::1 dev lo ",
            "firewall: unreachable-routes\n",
            "Enforced by: /etc/hosts (6 names), unreachable routes (no nftables table here: addresses are not "
                + "blocked)\(Sandbox.chromiumLayer).\n",
            "routes left: 0 0\n", "after: connected",
        ] {
            #expect(run.stdout.contains(fact), "\(fact): \(run.stdout)")
        }
        #expect(!run.stdout.contains("tables: 1"), "\(run.stdout)")
        let during = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("during: ") })
        #expect(during.contains("error 113") || during.contains("error 101"), "unreachable: \(during)")
        let milliseconds = run.number(after: " in ", onLineStarting: "during")
        #expect(milliseconds.map { $0 < 500 } == true, "fails at once: \(run.stdout)")
    }

    /// What a browser shows for a blocked name: Debian's Chromium, headless,
    /// gets a page from a local server by name before the block, and
    /// ERR_CONNECTION_REFUSED right after, for http and https alike. The
    /// browser policy layer is kept out: it would refuse first
    /// (`ChromiumPolicyTests` in this target shows it).
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
            "needs Debian's chromium (make test installs it)"))
    func aBrowserIsRefusedAtOnce() throws {
        let sandbox = Sandbox(
            dns: [Sandbox.Record("video.test", "192.0.2.2")], peerAddresses: ["192.0.2.2", "2001:db8::2"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                \#(Sandbox.withoutChromiumPolicies)
                ip route add default via 192.0.2.2
                ip -6 route add default via 2001:db8::2
                mkdir -p "$WORK/site"; echo '<p>the local site</p>' > "$WORK/site/index.html"
                python3 -m http.server 8081 --bind 0.0.0.0 --directory "$WORK/site" > /dev/null 2>&1 & server=$!
                for _ in $(seq 100); do [ "$(connect 127.0.0.1 8081)" = connected ] && break; sleep 0.02; done
                browse() {
                  local start=$(date +%s%N)
                  local page=$(timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$WORK/chromium" \
                    --dump-dom "$1" 2> "$WORK/chromium.log" | grep -o 'the local site' | head -1)
                  local error=$(grep -o 'ERR_[A-Z_]*' "$WORK/chromium.log" | head -1)
                  echo "${page:-$error} ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
                }
                echo "127.0.0.1 video.test" >> /etc/hosts
                echo "before: $(browse http://video.test:8081/)"
                sed -i '/ video.test$/d' /etc/hosts
                as_user ann "$B/refocus" list add v video.test > /dev/null
                as_user ann "$B/refocus" start --list v 10m > /dev/null
                echo "http: $(browse http://video.test:8081/)"
                echo "https: $(browse https://video.test/)"
                kill $server
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("before: the local site"), "\(run.stdout)")
        #expect(run.stdout.contains("http: ERR_CONNECTION_REFUSED"), "\(run.stdout)")
        #expect(run.stdout.contains("https: ERR_CONNECTION_REFUSED"), "\(run.stdout)")
        for line in ["http", "https"] {
            let milliseconds = run.number(after: "(", onLineStarting: line + ":")
            #expect(milliseconds.map { $0 < 5000 } == true, "no wait beyond the browser's own start: \(run.stdout)")
        }
    }
}
