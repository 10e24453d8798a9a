import RefocusTestSupport
import Testing

/// Allowlists open only what the machine itself uses (issue 28, finding
/// 11), through the real sudo in the sandbox's namespaces: the peer answers
/// UDP on ports 67, 123 and 5353 at 198.51.100.5 (the configured time
/// server and the lease's DHCP server) and at 198.51.100.6 (neither, a
/// tunnel's end). During ann's locked allowlist her datagrams reach .5 on
/// NTP and DHCP, the DHCP broadcast and the mDNS group, and nothing at .6;
/// bob, not restricted, reaches .6.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct AllowServiceTests {
    @Test func udpServicesReachTheMachinesOwnServersOnly() throws {
        let sandbox = Sandbox(peerAddresses: ["198.51.100.5", "198.51.100.6"])
        let run = try sandbox.run(
            MemberProbeSetUp.script + #"""
                mkdir -p /etc/systemd /var/lib/dhcp
                printf '[Time]\nNTP=198.51.100.5\n' > /etc/systemd/timesyncd.conf
                printf 'lease {\n  interface "refocus-v0";\n  fixed-address 198.51.100.1;\n  option dhcp-server-identifier 198.51.100.5;\n}\n' > /var/lib/dhcp/dhclient.leases
                ip route add 224.0.0.0/4 dev refocus-v0
                ip route add 255.255.255.255/32 dev refocus-v0 2> /dev/null || true
                cat > "$WORK/udp-echo.py" <<'PY'
                import socket, sys, threading
                def serve(address, port):
                    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind((address, port))
                    while True:
                        data, peer = s.recvfrom(64); s.sendto(data, peer)
                for address in sys.argv[1:]:
                    for port in (67, 123, 5353): threading.Thread(target=serve, args=(address, port)).start()
                PY
                cat > "$WORK/udp.py" <<'PY'
                import socket, sys
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(1)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
                try:
                    s.sendto(b"ping", (sys.argv[1], int(sys.argv[2])))
                except PermissionError: print("not permitted"); sys.exit()
                except OSError as e: print("error", e.errno); sys.exit()
                try: print("answered" if s.recv(64) == b"ping" else "other")
                except socket.timeout: print("sent")
                except OSError as e: print("sent, then error", e.errno)
                PY
                nsenter --net=/proc/$PEER/ns/net python3 "$WORK/udp-echo.py" 198.51.100.5 198.51.100.6 &
                udp_as() { as_user "$1" python3 "$WORK/udp.py" "$2" "$3"; }
                for _ in $(seq 100); do [ "$(udp_as ann 198.51.100.5 123)" = answered ] && break; sleep 0.05; done
                as_user ann "$B/refocus" list add work 198.51.100.9 > /dev/null
                as_user ann "$B/refocus" start --allow work 10m --lock > /dev/null
                for port in 123 67 5353; do
                  echo "ann $port: .5 $(udp_as ann 198.51.100.5 $port), .6 $(udp_as ann 198.51.100.6 $port)"
                done
                echo "ann broadcast 67: $(udp_as ann 255.255.255.255 67)"
                echo "ann mdns group: $(udp_as ann 224.0.0.251 5353)"
                echo "ann mdns other group: $(udp_as ann 224.0.0.252 5353)"
                echo "bob .6 123: $(udp_as bob 198.51.100.6 123)"
                nft list set inet refocus allowntp4 | grep -o 'elements = .*'
                nft list set inet refocus allowdhcp4 | grep -o 'elements = .*'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        for fact in [
            "ann 123: .5 answered, .6 not permitted", "ann 67: .5 answered, .6 not permitted",
            "ann 5353: .5 not permitted, .6 not permitted", "ann broadcast 67: sent", "ann mdns group: sent",
            "ann mdns other group: not permitted", "bob .6 123: answered",
            "elements = { 198.51.100.5 }", "elements = { 198.51.100.5, 255.255.255.255 }",
        ] {
            #expect(run.stdout.contains(fact + "\n"), "\(fact): \(run.stdout)")
        }
    }
}
