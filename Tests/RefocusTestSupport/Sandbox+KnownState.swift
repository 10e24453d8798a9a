extension Sandbox {
    /// The part of the set-up that makes every sandbox start from the same
    /// state whatever the machine holds, run after the overlay on /etc and the
    /// tmpfs on /var/lib and /run are mounted (so /var/lib/refocus and
    /// /run/refocus, the store, the status file and the daemon's socket and
    /// lock, start empty, and no helper in the sandbox can reach a daemon of
    /// the machine). In the overlay on /etc it removes:
    ///
    /// - the machine's ReFocus section of /etc/hosts and of /etc/nsswitch.conf,
    ///   as the helper removes a section (the BEGIN line through the END
    ///   line, and the line break before BEGIN when END ends the file without
    ///   one), keeping every other byte; a marker without its partner goes
    ///   alone; and the service `refocus` (with an action block after it) on
    ///   nsswitch.conf's hosts lines, with the blank before it;
    /// - the group `refocus` (with its members), even as someone's primary group;
    /// - every sudo rule of ReFocus (`/etc/sudoers.d/refocus*`, a half-installed
    ///   `.refocus*`, a test's `refocus-test`);
    /// - /etc/refocus (the administrator's policy: a test that needs one writes it);
    /// - the service's links (`refocus.service` enabled or masked).
    static let knownState = #"""
        python3 - <<'PY'
        import re
        def marker(line, word):
            return line.rstrip(b"\n").rstrip(b"\r").strip(b" \t") == b"# " + word + b" refocus"
        def without_section(lines):
            kept, section = [], None
            for line in lines:
                if section is not None:
                    if marker(line, b"END"):
                        if not line.endswith(b"\n") and kept:
                            last = kept[-1][:-1]
                            kept[-1] = last[:-1] if last.endswith(b"\r") else last
                        section = None
                    elif marker(line, b"BEGIN"):
                        kept += section[1:]
                        section = [line]
                    else:
                        section.append(line)
                elif marker(line, b"BEGIN"):
                    section = [line]
                elif not marker(line, b"END"):
                    kept.append(line)
            if section is not None:
                kept += section[1:]
            return kept
        for path in ("/etc/hosts", "/etc/nsswitch.conf"):
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                continue
            lines = re.findall(rb"[^\n]*\n|[^\n]+", data)
            kept = without_section(lines)
            if path == "/etc/nsswitch.conf":
                kept = [re.sub(rb"[ \t]refocus(?:[ \t]*\[[^\]\n]*\])?(?=[ \t\r\n#]|$)", b"", line)
                        if re.match(rb"[ \t]*hosts[ \t:]", line) else line for line in kept]
            if kept != lines:
                with open(path, "wb") as f:
                    f.write(b"".join(kept))
        PY
        if grep -q '^refocus:' /etc/group; then groupdel --force refocus; fi
        rm -rf /etc/refocus /etc/sudoers.d/refocus* /etc/sudoers.d/.refocus* /etc/systemd/system/refocus.service \
          /etc/systemd/system/*.wants/refocus.service
        """#

    /// A sandbox that shares the machine's network namespace gets a policy
    /// naming an nftables table of its own, so that its helper and daemon
    /// never touch the machine's `inet refocus` (a daemon with nothing to
    /// block deletes its table). A test that writes another policy keeps the
    /// key: `printf 'nftables_table = "%s"\n' "$REFOCUS_TABLE"`.
    static let ownTable = #"""
        export REFOCUS_TABLE="refocus_t$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')"
        mkdir -p /etc/refocus
        printf 'nftables_table = "%s"\n' "$REFOCUS_TABLE" > /etc/refocus/policy.toml
        """#
}
