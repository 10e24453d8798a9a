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
    /// - the service's links (`refocus.service` enabled or masked);
    /// - the browser policies of the machine's sessions: ReFocus's own
    ///   `refocus.json` in every Chromium-family managed folder, and Firefox's
    ///   policies.json put back as the administrator had it (their bytes, mode
    ///   and owner, or no file), from the record the machine's daemon keeps in
    ///   /var/lib/refocus/firefox (copied to `$WORK/machine-firefox` before
    ///   /var/lib is hidden);
    /// - the machine's ordinary users and groups (every id from 1000 but
    ///   nobody's 65534, and their memberships of system groups) from passwd, group, shadow and
    ///   gshadow, and useradd's ids moved to a range no account of the machine
    ///   holds (`SANDBOX_UID_MIN`; `SANDBOX_FREE_UID` is one of them that no
    ///   account takes, for an owner without an account), so that a test's `ann` or `newbie` never
    ///   meets the machine's, by name or by id: a process a test kills as its
    ///   user's can never be a process of the machine's user.
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
        rm -f /etc/chromium/policies/managed/refocus.json /etc/chromium-browser/policies/managed/refocus.json \
          /etc/opt/chrome/policies/managed/refocus.json /etc/brave/policies/managed/refocus.json \
          /etc/opt/edge/policies/managed/refocus.json
        if [ -f "$WORK/machine-firefox/original" ]; then
          if [ "$(head -n 1 "$WORK/machine-firefox/original")" = absent ]; then
            rm -f /etc/firefox/policies/policies.json
          else
            tail -c +9 "$WORK/machine-firefox/original" > /etc/firefox/policies/policies.json
            read -r mode owner group < "$WORK/machine-firefox/original-owner"
            chown "$owner:$group" /etc/firefox/policies/policies.json && chmod "$mode" /etc/firefox/policies/policies.json
          fi
        fi
        python3 - <<'PY'
        import os
        def ordinary(fields):
            return fields[2].isdigit() and int(fields[2]) >= 1000 and int(fields[2]) != 65534
        def rows(path):
            try:
                with open(path) as f:
                    return [line.rstrip("\n").split(":") for line in f if line.strip()]
            except FileNotFoundError:
                return None
        def write(path, kept):
            if kept is not None:
                with open(path, "w") as f:
                    f.write("".join(":".join(row) + "\n" for row in kept))
        passwd, group = rows("/etc/passwd"), rows("/etc/group")
        users = {row[0] for row in passwd if len(row) > 2 and ordinary(row)}
        groups = {row[0] for row in group if len(row) > 2 and ordinary(row)}
        def without_members(row, column):
            if len(row) > column:
                row[column] = ",".join(m for m in row[column].split(",") if m and m not in users)
            return row
        write("/etc/passwd", [row for row in passwd if row[0] not in users])
        write("/etc/shadow", [row for row in rows("/etc/shadow") or [] if row[0] not in users])
        write("/etc/group", [without_members(row, 3) for row in group if row[0] not in groups])
        gshadow = rows("/etc/gshadow")
        if gshadow is not None:
            write("/etc/gshadow", [without_members(without_members(row, 2), 3) for row in gshadow if row[0] not in groups])
        # useradd's ids: a block of 10,000 above every id the machine's accounts and processes use.
        used = [int(row[2]) for row in passwd + group if len(row) > 2 and row[2].isdigit() and int(row[2]) < 4000000000]
        for path in ("/etc/subuid", "/etc/subgid"):
            for row in rows(path) or []:
                if len(row) == 3 and row[1].isdigit() and row[2].isdigit():
                    used.append(int(row[1]) + int(row[2]))
        for pid in os.listdir("/proc"):
            try:
                with open(f"/proc/{pid}/status") as f:
                    used += [int(v) for line in f if line.startswith(("Uid:", "Gid:")) for v in line.split()[1:]]
            except (OSError, ValueError):
                pass
        low = max([u for u in used if u < 4000000000] + [0]) // 10000 * 10000 + 10000
        low = max(low, 2000000)
        with open("/etc/login.defs") as f:
            lines = [line for line in f if not line.split()[:1] or line.split()[0] not in
                     ("UID_MIN", "UID_MAX", "GID_MIN", "GID_MAX")]
        lines += [f"UID_MIN {low}\n", f"UID_MAX {low + 9999}\n", f"GID_MIN {low}\n", f"GID_MAX {low + 9999}\n"]
        with open("/etc/login.defs", "w") as f:
            f.writelines(lines)
        PY
        export SANDBOX_UID_MIN=$(awk '$1 == "UID_MIN" {print $2}' /etc/login.defs)
        # An id of the block that no account holds (useradd takes the lowest first), for a test's owner without one.
        export SANDBOX_FREE_UID=$((SANDBOX_UID_MIN + 9999))
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
