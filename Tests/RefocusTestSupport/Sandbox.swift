import Foundation
import Glibc

/// Test support: runs a bash script as root inside fresh namespaces, so that
/// tests can change /etc/hosts, nftables and DNS for real without touching
/// the machine.
///
/// Inside: a private mount namespace with an overlay on /etc (writes land in
/// a temporary upper directory; the real /etc is untouched and rename works),
/// tmpfs on /var/lib and /run (so /var/lib/refocus and /run/refocus start
/// empty), and a private PID namespace, so every process the script starts
/// dies with it. With `network`, also a private network namespace with
/// loopback up, a peer namespace over a veth pair holding `peerAddresses`
/// (each with a TCP server on port 8080), and dnsmasq on 127.0.0.1 answering
/// `dns` records (and `dnsmasqOptions`, such as `--address=/bulk.test/192.0.2.9`)
/// as the only name server in /etc/resolv.conf.
///
/// Every sandbox starts from the same known state whatever the machine holds,
/// an installed ReFocus and a running session included (see `knownState`):
/// no ReFocus section in /etc/hosts, no group `refocus`, no sudo rule of
/// ReFocus or of a test, no /etc/refocus/policy.toml but the sandbox's own,
/// and nothing of the machine's daemon. Without a private network namespace
/// (`network: false`) the sandbox shares the machine's nftables ruleset, so
/// its policy names a table of its own (`nftables_table = "refocus_t…"`);
/// scripts find the table's name in `$REFOCUS_TABLE` either way.
///
/// With `resolverModule`, also the NSS module installed as a package
/// installs it, in an overlay on the system's library folder, and named in
/// the overlay's /etc/nsswitch.conf before `dns` (see `resolverModuleSetUp`).
///
/// The script sees `$BIN` (the build folder) and `$WORK` (a private folder).
public struct Sandbox: Sendable {
    /// A DNS name and the address dnsmasq answers for it.
    public struct Record: Sendable {
        public let name: String
        public let address: String
        public init(_ name: String, _ address: String) {
            self.name = name
            self.address = address
        }
    }

    public var network = true
    /// A private PID namespace (the default). Without one, the script stays
    /// in the initial PID and network namespaces, where the kernel's process
    /// connector works; every process left in the sandbox's mount namespace
    /// is killed when the script exits.
    public var privatePIDs = true
    public var dns: [Record] = []
    public var peerAddresses: [String] = []
    /// More dnsmasq arguments; dnsmasq runs only when `dns` has a record,
    /// the first of which the set-up waits for.
    public var dnsmasqOptions: [String] = []
    /// A built `libnss_refocus.so.2` (`BuiltResolverModule.path`) to install in
    /// the sandbox, so that every program in it resolves through the module.
    public var resolverModule: String?
    /// The machine's installed packages: /var/lib and /var/cache are overlays
    /// of the machine's (dpkg's and apt's state) instead of an empty /var/lib,
    /// so that the real dpkg and apt-get work there; what they write lands in
    /// the overlays. /var/lib/refocus is an empty tmpfs all the same.
    public var machinePackages = false
    /// With `network`, a way out of the private network namespace for the real
    /// apt-get: slirp4netns, a user-mode network stack run in the machine's
    /// namespace, gives the sandbox a `tap0` with a default route and a name
    /// server at `outboundResolver` (the machine's own name servers, through
    /// it). Nothing in the machine's namespace changes. dnsmasq forwards only
    /// what `dnsmasqOptions` sends there (`--server=/debian.org/10.0.2.3`).
    public var outbound = false

    public init(
        network: Bool = true, privatePIDs: Bool = true, dns: [Record] = [], peerAddresses: [String] = [],
        dnsmasqOptions: [String] = [], resolverModule: String? = nil, machinePackages: Bool = false,
        outbound: Bool = false
    ) {
        self.network = network
        self.privatePIDs = privatePIDs
        self.dns = dns
        self.peerAddresses = peerAddresses
        self.dnsmasqOptions = dnsmasqOptions
        self.resolverModule = resolverModule
        self.machinePackages = machinePackages
        self.outbound = outbound
    }

    /// The name server an `outbound` sandbox's dnsmasq forwards to (a shell
    /// variable its set-up sets): the machine's first IPv4 name server that is
    /// not a loopback address (systemd-resolved's upstream ones where it runs),
    /// reached through slirp4netns's route; else slirp4netns's own, 10.0.2.3.
    public static let outboundResolver = "$OUTBOUND_RESOLVER"
    /// The descriptor of the machine's network namespace in an `outbound` sandbox's script.
    static let machineNetworkDescriptor = 9

    /// Why sandboxed tests cannot run here, or nil when they can.
    public static let unavailableReason: String? = {
        if getuid() != 0 { return "needs root to create namespaces and mounts (CI runs as root)" }
        for tool in [
            "/usr/bin/unshare", "/usr/sbin/ip", "/usr/sbin/nft", "/usr/sbin/dnsmasq", "/usr/bin/getent",
            "/usr/bin/python3", "/usr/bin/setpriv",
        ]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return "needs \(tool) (make test installs it)"
        }
        return nil
    }()

    /// Whether sandboxed tests can run here.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// Runs `script` after the set-up, with `files` (name: bytes) written in
    /// `$WORK` first; returns what it printed and its status.
    public func run(_ script: String, files: [String: [UInt8]] = [:]) throws -> Binary.Run {
        let work = NSTemporaryDirectory() + "refocus-sandbox-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: work + "/" + name)) }
        let path = work + "/script.sh"
        try Data((setUpScript + "\n# --- test ---\n" + script).utf8).write(to: URL(fileURLWithPath: path))
        // The test runner's threads block most signals, and a child inherits its
        // parent's mask: start the sandbox with none blocked and default dispositions,
        // as a login shell would, so that its processes react to signals for real.
        // An outbound sandbox keeps a descriptor of the machine's network namespace, for slirp4netns.
        let keepNetwork =
            outbound ? "os.dup2(os.open('/proc/self/ns/net', os.O_RDONLY), \(Self.machineNetworkDescriptor))\n" : ""
        let resetSignals =
            "import os, signal, sys\n" + keepNetwork
            + "signal.pthread_sigmask(signal.SIG_SETMASK, [])\n"
            + "for number in (signal.SIGPIPE, signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGCHLD):\n"
            + "    signal.signal(number, signal.SIG_DFL)\n"
            + "os.execv(sys.argv[1], sys.argv[1:])"
        return try Binary.execute(
            "/usr/bin/python3",
            ["-c", resetSignals, "/usr/bin/unshare"] + unshareArguments
                + ["/bin/bash", path], environment: ["BIN": Binary.buildDirectory, "WORK": work])
    }

    /// The arguments of unshare(1) that give this sandbox its namespaces.
    public var unshareArguments: [String] {
        var flags = ["--mount"]
        if network { flags.append("--net") }
        if privatePIDs { flags += ["--pid", "--fork", "--mount-proc"] }
        return flags
    }

    /// The bash set-up that `run` puts before a script, run as root inside
    /// `unshareArguments`' namespaces with `$BIN` and `$WORK` set: mounts,
    /// the known state, the network. Public so that a test can run it inside
    /// another sandbox, which then plays the machine.
    public var setUpScript: String {
        var lines: [String] = [
            "set -euo pipefail",
            "mount --make-rprivate /",
            #"mkdir -p "$WORK/upper" "$WORK/overlay-work""#,
            #"mount -t overlay overlay -o lowerdir=/etc,upperdir="$WORK/upper",workdir="$WORK/overlay-work" /etc"#,
            // The machine's record of what its daemon wrote in Firefox's file (see knownState), before it is hidden.
            #"if [ -d /var/lib/refocus/firefox ]; then cp -a /var/lib/refocus/firefox "$WORK/machine-firefox"; fi"#,
        ]
        if outbound {
            // The machine's name servers, before /run (systemd-resolved's list) is hidden.
            lines += [
                #"OUTBOUND_RESOLVER=$(cat /run/systemd/resolve/resolv.conf 2> /dev/null || cat /etc/resolv.conf 2> /dev/null || true)"#,
                #"OUTBOUND_RESOLVER=$(echo "$OUTBOUND_RESOLVER" | awk '$1 == "nameserver" && $2 !~ /^127\./ && $2 !~ /:/ {print $2; exit}')"#,
                #"OUTBOUND_RESOLVER=${OUTBOUND_RESOLVER:-10.0.2.3}"#,
            ]
        }
        if machinePackages {
            lines += [
                "for folder in lib cache; do", #"  mkdir -p "$WORK/var-$folder-upper" "$WORK/var-$folder-work""#,
                #"  mount -t overlay overlay -o lowerdir=/var/$folder,upperdir="$WORK/var-$folder-upper",workdir="$WORK/var-$folder-work" /var/$folder"#,
                "done", "mkdir -p /var/lib/refocus", "mount -t tmpfs -o mode=0700 tmpfs /var/lib/refocus",
            ]
        } else {
            lines.append("mount -t tmpfs -o mode=0755 tmpfs /var/lib")
        }
        lines += ["mount -t tmpfs -o mode=0755 tmpfs /run", "mkdir -p /run/refocus"]
        // A FUSE mount of the script's (a server that never answers, as a test's attacker has) is
        // aborted first: a reader waiting on it cannot be killed, and would hang every ps on the machine.
        lines.append(
            #"""
            # Called from the EXIT trap under set -e: no step of it may fail, or the trap ends there.
            sandbox_abort_fuse() {
              [ -d /sys/fs/fuse/connections/. ] && mountpoint -q /sys/fs/fuse/connections \
                || mount -t fusectl fusectl /sys/fs/fuse/connections 2> /dev/null || true
              awk '{ for (i = 7; i < NF; i++) if ($i == "-") { if ($(i + 1) ~ /^fuse/) { split($3, d, ":"); print d[2] } break } }' \
                /proc/self/mountinfo | while read -r c; do echo 1 > "/sys/fs/fuse/connections/$c/abort" || true; done 2> /dev/null || true
            }
            """#)
        var exit = ["sandbox_abort_fuse"]
        if !privatePIDs {
            // Everything still running in this mount namespace was started here: end it with the script.
            exit.append(
                #"for p in /proc/[0-9]*; do [ "${p#/proc/}" != $$ ] && [ "$(readlink $p/ns/mnt)" = "$(readlink /proc/self/ns/mnt)" ] && kill -9 "${p#/proc/}" 2> /dev/null; done"#
            )
        }
        if !network {
            // The sandbox's own table is in the machine's ruleset, and persists when its owner dies (a
            // session the script did not stop): its daemon goes first (in a PID namespace of its own,
            // everything else there), then the table.
            if privatePIDs { exit.append("kill -9 -1 2> /dev/null || true") }
            exit.append(
                #"for _ in $(seq 100); do nft list table inet "$REFOCUS_TABLE" > /dev/null 2>&1 || break; nft delete table inet "$REFOCUS_TABLE" 2> /dev/null || sleep 0.02; done"#
            )
        }
        if !exit.isEmpty { lines.append("trap '" + (exit + ["true"]).joined(separator: "; ") + "' EXIT") }
        lines.append(Self.knownState)
        lines.append(Self.programFunctions)
        if let resolverModule { lines.append(Self.resolverModuleSetUp(resolverModule)) }
        lines.append(network ? "export REFOCUS_TABLE=refocus" : Self.ownTable)
        guard network else { return lines.joined(separator: "\n") }
        lines.append("ip link set lo up")
        if outbound { lines.append(Self.outboundSetUp) }
        lines += [
            "rm -f /etc/resolv.conf",
            "echo 'nameserver 127.0.0.1' > /etc/resolv.conf",
        ]
        if !dns.isEmpty {
            let arguments = (dns.map { "--host-record=\($0.name),\($0.address)" } + dnsmasqOptions).joined(
                separator: " ")
            lines.append(
                "dnsmasq --no-daemon --no-resolv --no-hosts --listen-address=127.0.0.1 --bind-interfaces "
                    + "--user=root \(arguments) > \"$WORK/dnsmasq.log\" 2>&1 &")
        }
        if !peerAddresses.isEmpty {
            lines += [
                "unshare --net sleep infinity & PEER=$!",
                "while [ ! -e /proc/$PEER/ns/net ] || [ \"$(readlink /proc/$PEER/ns/net)\" = \"$(readlink /proc/self/ns/net)\" ]; do sleep 0.01; done",
                "ip link add refocus-v0 type veth peer name refocus-v1 netns /proc/$PEER/ns/net",
                "ip link set refocus-v0 up",
                "nsenter --net=/proc/$PEER/ns/net ip link set lo up",
                "nsenter --net=/proc/$PEER/ns/net ip link set refocus-v1 up",
            ]
            for address in peerAddresses {
                let v6 = address.contains(":")
                let prefix = v6 ? "/64" : "/24"
                lines.append(
                    "nsenter --net=/proc/$PEER/ns/net ip addr add \(address)\(prefix) dev refocus-v1\(v6 ? " nodad" : "")"
                )
            }
            // Our side gets the .1 / ::1 of each peer network, and a route to it.
            lines.append(
                contentsOf: Set(peerAddresses.map(Self.ourAddress)).sorted().map {
                    "ip addr add \($0) dev refocus-v0\($0.contains(":") ? " nodad" : "")"
                })
            lines.append(
                #"nsenter --net=/proc/$PEER/ns/net python3 -c 'import socket,threading,sys"#
                    + "\nsocks=[]\nfor a in sys.argv[1:]:\n fam=socket.AF_INET6 if \":\" in a else socket.AF_INET"
                    + "\n s=socket.socket(fam);s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1);s.bind((a,8080));s.listen(64);socks.append(s)"
                    + "\ndef serve(s):\n while True:\n  c,_=s.accept();c.sendall(b\"hello\\n\");c.close()"
                    + "\nfor s in socks: threading.Thread(target=serve,args=(s,)).start()' "
                    + peerAddresses.joined(separator: " ") + " &")
            lines.append(contentsOf: peerAddresses.map { "wait_for_port \($0)" })
        }
        if !dns.isEmpty { lines.append("wait_for_dns \(dns[0].name)") }
        return Self.functions + "\n" + lines.joined(separator: "\n")
    }

    /// slirp4netns started in the machine's network namespace (through the
    /// descriptor `run` kept), attached to this one by a bind mount of its
    /// namespace file; waits for `tap0` to have its address.
    static let outboundSetUp = #"""
        touch "$WORK/netns" && mount --bind /proc/self/ns/net "$WORK/netns"
        nsenter --net=/proc/self/fd/\#(machineNetworkDescriptor) slirp4netns --configure --mtu=65520 --disable-host-loopback \
          --netns-type=path "$WORK/netns" tap0 > "$WORK/slirp4netns.log" 2>&1 &
        for _ in $(seq 200); do ip -4 addr show tap0 2> /dev/null | grep -q 'inet ' && break; sleep 0.02; done
        ip -4 addr show tap0 2> /dev/null | grep -q 'inet ' || { echo "slirp4netns gave no tap0" >&2; cat "$WORK/slirp4netns.log" >&2; exit 1; }
        """#

    /// `198.51.100.1/24` for a peer at `198.51.100.x`, and `2001:db8::1/64`
    /// for `2001:db8::x`: the .1 or ::1 of the peer's network; but
    /// `192.0.2.254/24` for `192.0.2.x`, since 192.0.2.1 is the sinkhole
    /// that blocked names point at, which must not be an address of ours.
    static func ourAddress(_ peer: String) -> String {
        if peer.contains(":") {
            let head = peer.split(separator: ":", omittingEmptySubsequences: false).dropLast().joined(separator: ":")
            return head + ":1/64"
        }
        let network = peer.split(separator: ".").dropLast().joined(separator: ".")
        return network + (network == "192.0.2" ? ".254/24" : ".1/24")
    }

    /// Shell functions every script can use, with or without a network of its own.
    static let programFunctions = #"""
        # another_program SOURCE DEST: a copy of the ELF program SOURCE whose build id is new and random, so
        # that blocking DEST in a test's session cannot refuse SOURCE itself, or another copy of it, to the same
        # uid in another test running beside it (the exec guard knows a copy by its build id).
        another_program() {
          python3 - "$1" "$2" <<'PY'
        import os, struct, sys
        data = bytearray(open(sys.argv[1], "rb").read())
        at = data.find(b"\x03\x00\x00\x00GNU\x00")
        assert at >= 8, "no GNU build id note in " + sys.argv[1]
        size = struct.unpack_from("<I", data, at - 4)[0]
        data[at + 8:at + 8 + size] = os.urandom(size)
        with open(sys.argv[2], "wb") as out: out.write(data)
        os.chmod(sys.argv[2], 0o755)
        PY
        }
        """#

    /// Shell functions every script with a network of its own can use.
    static let functions = #"""
        # connect ADDRESS [PORT]: prints "connected" or "refused" (or "timeout").
        connect() {
          local family=4; case "$1" in *:*) family=6;; esac
          python3 - "$1" "${2:-8080}" <<'PY'
        import socket, sys
        fam = socket.AF_INET6 if ":" in sys.argv[1] else socket.AF_INET
        s = socket.socket(fam); s.settimeout(2)
        try:
            s.connect((sys.argv[1], int(sys.argv[2]))); print("connected")
        except ConnectionRefusedError: print("refused")
        except socket.timeout: print("timeout")
        except OSError as e: print("error", e.errno)
        PY
        }
        wait_for_port() {
          for _ in $(seq 200); do [ "$(connect "$1")" = connected ] && return 0; sleep 0.02; done
          echo "peer $1 never listened" >&2; return 1
        }
        wait_for_dns() {
          for _ in $(seq 200); do getent ahosts "$1" > /dev/null && return 0; sleep 0.02; done
          echo "dnsmasq never answered for $1" >&2; cat "$WORK/dnsmasq.log" >&2; return 1
        }
        """#
}
