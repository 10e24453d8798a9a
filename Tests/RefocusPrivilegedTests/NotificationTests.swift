import RefocusTestSupport
import Testing

/// Desktop notifications reach the owner's own session bus, sent as the
/// owner: a user `ann` with a real session bus (dbus-daemon) at
/// /run/user/UID/bus and a small notification server on it (python3-gi,
/// recording each Notify call with the caller's uid) starts a pomodoro
/// session shortened to seconds through the real sudo; each phase change
/// and the end arrive through the real notify-send from ann's uid with the
/// texts of `SessionNotice`, the end with the recap of the owner's day, each
/// with the button "Open ReFocus", which starts the dashboard as ann. A
/// session started with notifications off sends none.
@Suite(.enabled(if: Sandbox.isAvailable, Comment(rawValue: Sandbox.unavailableReason ?? "")))
struct NotificationTests {
    static let setUp =
        SudoPathTests.setUp + #"""
            mkdir -p /etc/refocus && printf 'min_session = "1s"\n' > /etc/refocus/policy.toml
            add_user ann
            allow "ann ALL=(root) NOPASSWD: $B/refocus-helper"

            """# + sessionBus + #"""
            start() {
              printf '{"version":1,"verb":"start","start":{"lists":[{"name":"focus","entries":["social.test"],"programs":[]}],"length":6,"locked":false,"notify":%s,"pomodoro":{"work":2,"shortBreak":2,"cycles":2,"longBreak":0}}}' "$1" \
                | as_user ann sudo -n "$B/refocus-helper" start > /dev/null
            }

            """#

    /// For a script where the user ann exists: the tools checked, `$ANN` (ann's uid), ann's session
    /// bus (a real dbus-daemon) at /run/user/$ANN/bus (`$BUS` is its address), and on it a small
    /// notification server (python3-gi) that writes each Notify call into `$WORK/notices` as
    /// `uid UID app APP: SUMMARY | BODY`, with the uid of the caller as the bus knows it.
    static let sessionBus = #"""
        for tool in notify-send dbus-daemon /usr/bin/python3; do
          command -v "$tool" > /dev/null || { echo "missing $tool (make test-deps installs it)" >&2; exit 1; }
        done
        ANN=$(id -u ann)
        install -d -o ann -g ann -m 700 "/run/user/$ANN"
        BUS="unix:path=/run/user/$ANN/bus"
        as_user ann dbus-daemon --session --address="$BUS" --fork --nopidfile
        cat > "$WORK/server.py" <<'PY'
        import sys
        from gi.repository import Gio, GLib
        SPEC = """<node><interface name="org.freedesktop.Notifications">
        <method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
          <arg type="s" direction="out"/><arg type="s" direction="out"/></method>
        <method name="GetCapabilities"><arg type="as" direction="out"/></method>
        <method name="Notify"><arg type="s"/><arg type="u"/><arg type="s"/><arg type="s"/><arg type="s"/>
          <arg type="as"/><arg type="a{sv}"/><arg type="i"/><arg type="u" direction="out"/></method>
        <method name="CloseNotification"><arg type="u"/></method>
        </interface></node>"""
        interface = Gio.DBusNodeInfo.new_for_xml(SPEC).interfaces[0]
        log = open(sys.argv[1], "a", buffering=1)
        ids = []
        def call(connection, sender, path, name, method, parameters, invocation):
            if method == "GetServerInformation":
                invocation.return_value(GLib.Variant("(ssss)", ("test", "refocus", "1", "1.2")))
            elif method == "GetCapabilities":
                invocation.return_value(GLib.Variant("(as)", (["body", "actions"],)))
            elif method == "Notify":
                app, _, _, summary, body, actions = parameters.unpack()[:6]
                uid = connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                           "GetConnectionUnixUser", GLib.Variant("(s)", (sender,)), None, 0, -1, None)
                log.write(f"uid {uid.unpack()[0]} app {app}: {summary} | {body}\n")
                log.write(f"actions of {summary}: {actions}\n")
                ids.append(len(ids) + 1)
                invocation.return_value(GLib.Variant("(u)", (ids[-1],)))
                if summary == "Focus session ended" and "open" in actions:
                    # The person presses the button of the session's last notice.
                    def press(number=ids[-1]):
                        for signal, value in (("ActionInvoked", ("(us)", (number, "open"))),
                                              ("NotificationClosed", ("(uu)", (number, 2)))):
                            connection.emit_signal(None, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                                                   signal, GLib.Variant(*value))
                        return False
                    GLib.timeout_add(300, press)
            else:
                invocation.return_value(None)
        def acquired(connection, name):
            connection.register_object("/org/freedesktop/Notifications", interface, call, None, None)
        def owned(connection, name):
            print("serving", flush=True)
        Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", 0, acquired, owned, None)
        GLib.MainLoop().run()
        PY
        install -o ann -m 600 /dev/null "$WORK/notices"
        as_user ann env DBUS_SESSION_BUS_ADDRESS="$BUS" /usr/bin/python3 "$WORK/server.py" "$WORK/notices" > "$WORK/server.out" 2>&1 &
        for _ in $(seq 250); do grep -q serving "$WORK/server.out" 2> /dev/null && break; sleep 0.02; done
        grep -q serving "$WORK/server.out" || { echo "the notification server did not start:" >&2; cat "$WORK/server.out" >&2; exit 1; }

        """#

    @Test func phaseChangesAndTheEndReachTheOwnersBus() throws {
        let run = try Sandbox(network: true).run(
            Self.setUp + #"""
                start true
                sleep 7.5
                echo "ann is $ANN"
                cat "$WORK/notices"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        let uid = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("ann is ") }?.dropFirst(7))
        #expect(
            run.stdout.split(separator: "\n").filter { $0.hasPrefix("uid ") }.map(String.init) == [
                "uid \(uid) app ReFocus: Break: 2s | Work phase 1 of 2 done: focus unblocked; work phase 2 follows.",
                "uid \(uid) app ReFocus: Work phase 2 of 2: 2s | Break over: focus blocked again.",
                "uid \(uid) app ReFocus: Focus session ended | focus: 6s, completed; 2 of 2 work phases. "
                    + "Today: 4s of focus; no streak yet.",
            ], "\(run.stdout)")
    }

    /// Each notice has the button "Open ReFocus"; pressing it (the fake server invokes the action of the
    /// last notice) starts the dashboard's server as ann, never as root.
    @Test func theOpenButtonStartsTheDashboardAsTheOwner() throws {
        let run = try Sandbox(network: true).run(
            Self.setUp + #"""
                start true
                sleep 7.5
                for _ in $(seq 100); do pgrep -x refocus-ui > /dev/null && break; sleep 0.05; done
                grep '^actions of Focus session ended: ' "$WORK/notices"
                echo "dashboard owners: $(ps -o user= -C refocus-ui | sort -u | tr '\n' ' ')"
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("actions of Focus session ended: ['open', 'Open ReFocus']\n"), "\(run.stdout)")
        #expect(run.stdout.contains("dashboard owners: ann \n"), "\(run.stdout)")
    }

    @Test func notificationsOffSendsNone() throws {
        let run = try Sandbox(network: true).run(
            Self.setUp + #"""
                start false
                sleep 7.5
                echo "calls: $(wc -l < "$WORK/notices")"
                "$B/refocus-helper" history <<< '{"version":1,"verb":"history","history":{"limit":1}}' | grep -o '"completedWork":[0-9]*'
                """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("calls: 0"), "\(run.stdout)")
        #expect(run.stdout.contains("\"completedWork\":2"), "the session ran: \(run.stdout)")
    }
}
