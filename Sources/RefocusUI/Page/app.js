// ReFocus dashboard: talks to refocus-ui's /api (the CLI's own JSON), never to anything else.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const tokenMeta = document.querySelector('meta[name="refocus-token"]');
  const token = tokenMeta ? tokenMeta.getAttribute('content') || '' : '';
  const RING = 2 * Math.PI * 88;
  const IMPORT_CAP = 4 * 1024 * 1024;
  const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const state = { status: null, focus: null, shownKey: null, shownIds: null, phaseText: '', by: 'list', list: '', lengthEdited: false, live: false, creating: false };

  // ---- small helpers -------------------------------------------------------
  function el(tag, props, kids) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else if (key === 'data') for (const [d, v] of Object.entries(value)) node.dataset[d] = v;
      else if (key === 'on') for (const [e, f] of Object.entries(value)) node.addEventListener(e, f);
      else node.setAttribute(key, value === true ? '' : value);
    }
    for (const kid of [].concat(kids || [])) if (kid !== null && kid !== undefined) node.append(kid);
    return node;
  }
  const obj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const arr = (v) => (Array.isArray(v) ? v : []);
  const num = (v, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const str = (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
  const ms = (iso) => (typeof iso === 'string' ? Date.parse(iso) : NaN);
  const pad = (n) => String(n).padStart(2, '0');
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

  function clock(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h > 0 ? `${h}:${pad(m)}:${pad(r)}` : `${pad(m)}:${pad(r)}`;
  }
  function span(seconds) {
    const m = Math.round(num(seconds) / 60);
    if (m < 60) return `${m}m`;
    return `${Math.floor(m / 60)}h${m % 60 ? ` ${pad(m % 60)}m` : ''}`;
  }
  function hhmm(time) {
    return Number.isNaN(time) ? '?' : new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  function when(time) {
    if (Number.isNaN(time)) return '?';
    const d = new Date(time);
    return `${d.toLocaleDateString([], { weekday: 'short', day: 'numeric', month: 'short' })} ${hhmm(time)}`;
  }
  function localDay(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(str(text));
    return m ? new Date(+m[1], +m[2] - 1, +m[3]) : null;
  }

  let messageTimer = 0;
  function say(text, error) {
    const box = $('message');
    box.textContent = '';
    box.className = 'message';
    clearTimeout(messageTimer);
    requestAnimationFrame(() => {
      box.textContent = text;
      box.className = `message show${error ? ' error' : ''}`;
      messageTimer = setTimeout(() => box.classList.remove('show'), error ? 12000 : 5000);
    });
  }

  // ---- the server ----------------------------------------------------------
  function errorText(data, status) {
    if (obj(data)) {
      const e = data.error;
      if (typeof e === 'string' && e) return e;
      if (obj(e) && typeof e.message === 'string') return e.message;
    }
    return status === 403 ? 'The dashboard refused the request (403): open it again with refocus ui.' : `The request failed (HTTP ${status}).`;
  }
  async function call(path, body) {
    const options = { credentials: 'same-origin', headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      options.method = 'POST';
      options.headers['Content-Type'] = 'application/json';
      options.headers['X-ReFocus-Token'] = token;
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (_) {
      throw new Error('The dashboard does not answer: is refocus ui still running?');
    }
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : {}; } catch (_) { data = null; }
    if (!response.ok || (obj(data) && data.error)) throw new Error(errorText(data, response.status));
    return data === null ? {} : data;
  }
  async function post(path, body, done, button) {
    if (button) button.disabled = true;
    try {
      const answer = await call(path, body || {});
      // The command's own words when it printed some (list add, schedule add), else ours.
      const output = obj(answer) && typeof answer.output === 'string' ? answer.output.trim() : '';
      if (output) say(output.length > 400 ? `${output.slice(0, 400)}…` : output);
      else if (done) say(typeof done === 'function' ? done(answer) : done);
      return answer;
    } catch (error) {
      say(error.message, true);
      return null;
    } finally {
      if (button) button.disabled = false;
    }
  }

  // ---- live status ---------------------------------------------------------
  const paused = (s) => obj(s.pause) && typeof s.pause.pausedAt === 'string';
  function sessionsNow(now) {
    const all = obj(state.status) ? arr(state.status.sessions) : [];
    return all.filter((s) => obj(s) && !Number.isNaN(ms(s.plannedEnd)) && (paused(s) || ms(s.plannedEnd) > now));
  }
  function focused(sessions) {
    return sessions.find((s) => s.id === state.focus) || sessions[0] || null;
  }

  // The phase a pomodoro session is in at `moment`, by the helper's formula:
  // elapsed = total - (plannedEnd - moment).
  function phaseOf(s, moment) {
    const p = s.pomodoro;
    if (obj(p) && num(p.work) > 0 && num(p.cycles) >= 1) {
      const work = num(p.work), brk = num(p.shortBreak), long = num(p.longBreak), cycles = num(p.cycles);
      const total = cycles * work + (cycles - 1) * brk + long;
      const elapsed = total - (ms(s.plannedEnd) - moment) / 1000;
      let start = 0;
      const parts = [];
      for (let c = 1; c <= cycles; c++) {
        parts.push(['work', c, work]);
        if (c < cycles) parts.push(['short-break', c, brk]);
      }
      if (long > 0) parts.push(['long-break', cycles, long]);
      for (const [kind, cycle, length] of parts) {
        if (elapsed >= start && elapsed < start + length) return { kind, cycle, cycles, length, left: start + length - elapsed };
        start += length;
      }
    }
    const ph = s.phase;
    if (obj(ph) && typeof ph.kind === 'string' && !Number.isNaN(ms(ph.endsAt))) {
      const left = (ms(ph.endsAt) - moment) / 1000;
      const length = obj(p) ? num(ph.kind === 'work' ? p.work : ph.kind === 'long-break' ? p.longBreak : p.shortBreak, left) : left;
      return { kind: ph.kind, cycle: num(ph.cycle, 1), cycles: num(ph.cycles, 1), length: Math.max(length, left, 1), left };
    }
    return null;
  }

  function view(s, now) {
    const end = ms(s.plannedEnd);
    const moment = paused(s) ? ms(s.pause.pausedAt) : now;
    const phase = phaseOf(s, moment);
    let left, fraction, ring, word, extra = '';
    if (phase) {
      left = phase.left;
      fraction = phase.left / phase.length;
      ring = phase.kind === 'work' ? 'ring-work' : 'ring-break';
      word = phase.kind === 'work' ? 'Focus' : phase.kind === 'long-break' ? 'Long break' : 'Break';
      extra = `cycle ${phase.cycle} of ${phase.cycles}`;
    } else {
      left = (end - moment) / 1000;
      const total = (end - ms(s.start)) / 1000 - num(obj(s.pause) ? s.pause.seconds : 0);
      fraction = total > 0 ? left / total : 0;
      ring = 'ring-work';
      word = 'Focus';
    }
    if (paused(s)) { word = 'Paused'; ring += ' ring-paused'; }
    return { left: Math.max(0, left), fraction: Math.min(1, Math.max(0, fraction)), ring, word, phase, text: extra ? `${word} · ${extra}` : word };
  }

  function setRing(fraction, ring) {
    const circle = $('ring-progress');
    circle.style.strokeDasharray = `${RING} ${RING}`;
    // Emptied from 12 o'clock clockwise: the dash starts where the time used ends.
    circle.style.strokeDashoffset = String(-(1 - fraction) * RING);
    $('ring').setAttribute('class', ring);
  }

  function tick() {
    const now = Date.now();
    const sessions = sessionsNow(now);
    const ids = sessions.map((s) => String(s.id)).join();
    const counts = obj(state.status) ? JSON.stringify(state.status.counts || null) : '';
    const key = JSON.stringify(sessions) + counts + state.focus;
    if (key !== state.shownKey) {
      state.shownKey = key;
      renderSessions(sessions);
    }
    if (state.status && ids !== state.shownIds) {
      // A session began or ended: the figures of progress change with it.
      if (state.shownIds !== null) { refreshProgress(); setTimeout(refreshProgress, 4000); }
      state.shownIds = ids;
    }
    const s = focused(sessions);
    const v = s ? view(s, now) : null;
    if (v) {
      setRing(v.fraction, v.ring);
      $('digits').textContent = clock(v.left);
      $('digits').classList.remove('idle');
      document.title = `${clock(v.left)} · ${v.word} – ReFocus`;
    } else {
      setRing(0, 'ring-idle');
      $('digits').textContent = '00:00';
      $('digits').classList.add('idle');
      document.title = 'ReFocus';
    }
    const text = v ? v.text : 'Idle';
    if (text !== state.phaseText) { state.phaseText = text; $('phase').textContent = text; }
    $('digits').setAttribute('aria-label', v ? `Time left: ${clock(v.left)}` : 'No session');
    controls(s, v);
  }

  function controls(s, v) {
    const locked = !!(s && s.locked), isPaused = !!(s && paused(s));
    const pending = s && obj(s.pending) ? str(s.pending.kind) : '';
    $('stop').hidden = !s || locked;
    $('pause').hidden = !s || locked || isPaused || pending === 'pause';
    $('resume').hidden = !isPaused;
    $('next').hidden = !s || !v || !v.phase || isPaused || (locked && v.phase.kind === 'work');
    const reason = $('stop-reason');
    reason.hidden = !locked;
    if (locked) {
      const text = `Locked until ${hhmm(ms(s.plannedEnd))}: it cannot be stopped or paused before then.`;
      if (reason.textContent !== text) reason.textContent = text;
    }
  }

  function renderSessions(sessions) {
    const box = $('session');
    box.textContent = '';
    $('idle').hidden = sessions.length > 0;
    box.hidden = sessions.length === 0;
    const current = focused(sessions);
    for (const s of sessions) {
      const lists = arr(s.lists).map(str).join(', ') || 'default lists';
      const title = el('p', { class: 'session-title', text: s.label ? `${str(s.label)}: ${lists}` : lists });
      if (sessions.length > 1) {
        title.append(el('button', {
          type: 'button', class: 'pick', text: `Session ${s.id}`, 'aria-label': `Show session ${s.id} on the ring`, 'aria-pressed': String(s === current),
          on: { click: () => { state.focus = s.id; tick(); const pressed = $('session').querySelector('[aria-pressed="true"]'); if (pressed) pressed.focus(); } },
        }));
      }
      const meta = [];
      if (s.mode === 'allow') meta.push('allows only these lists');
      meta.push(paused(s) ? 'paused: its time stands still' : `ends ${hhmm(ms(s.plannedEnd))}`);
      if (s.locked) meta.push('locked');
      if (obj(s.pomodoro)) meta.push(`pomodoro ${span(s.pomodoro.work)}/${span(s.pomodoro.shortBreak)} × ${num(s.pomodoro.cycles, 1)}`);
      if (typeof s.completedWork === 'number') meta.push(`${plural(s.completedWork, 'work phase', 'work phases')} done`);
      if (num(s.delay) > 0) meta.push(`${span(s.delay)} delay`);
      const counts = el('ul', { class: 'counts', 'aria-label': 'Blocked so far' }, [
        count(s.blockedAttempts, 'connections refused'),
        count(s.programsKilled, 'programs stopped'),
        count(s.entries, 'entries blocked'),
        count(s.programs, 'programs blocked'),
      ]);
      const kids = [title, el('p', { class: 'session-meta', text: meta.join(' · ') }), counts];
      if (obj(s.pending)) {
        kids.push(el('p', { class: 'muted', text: `A ${str(s.pending.kind) || 'change'} waits for its delay: ${hhmm(ms(s.pending.effectiveAt))}.` }));
      }
      if (obj(s.hookProblem)) kids.push(el('p', { class: 'muted', text: 'A hook of this session failed; see refocus status.' }));
      box.append(el('div', { class: 'session' }, kids));
    }
    const c = obj(state.status) ? state.status.counts : null;
    if (sessions.length && obj(c)) {
      const parts = [`${num(c.names)} names`, `${num(c.addresses)} addresses`, `${num(c.programs)} programs`];
      box.append(el('p', { class: 'muted', text: `Enforced now: ${parts.join(', ')}.` }));
    }
  }
  function count(value, name) {
    return typeof value === 'number' ? el('li', {}, [el('b', { text: String(value) }), el('span', { text: name })]) : null;
  }

  function applyStatus(data) {
    if (!obj(data)) return;
    if (data.error) return say(errorText(data, 500), true);
    state.status = data;
    tick();
  }
  async function refreshStatus() {
    try { applyStatus(await call('/api/status')); } catch (error) { say(error.message, true); }
  }
  function setLive(on) {
    state.live = on;
    const live = $('live');
    live.textContent = on ? 'Live' : 'Reconnecting…';
    live.classList.toggle('on', on);
  }
  function connect() {
    if (typeof EventSource !== 'function') return setLive(false);
    const events = new EventSource('/api/events');
    const onStatus = (e) => {
      setLive(true);
      try { applyStatus(JSON.parse(e.data)); } catch (_) { /* a torn message: the next one comes */ }
    };
    events.addEventListener('status', onStatus);
    events.addEventListener('message', onStatus);
    // The status cannot be read (no helper, no daemon): say why, once per new reason.
    events.addEventListener('problem', (e) => {
      setLive(true);
      let reason = '';
      try { reason = String(JSON.parse(e.data).error || ''); } catch (_) { /* not JSON: keep the last */ }
      if (reason && reason !== state.problem) { state.problem = reason; say(reason, true); }
    });
    events.addEventListener('open', () => setLive(true));
    events.addEventListener('error', () => {
      setLive(false);
      if (events.readyState === EventSource.CLOSED) setTimeout(connect, 5000);
    });
  }

  // The first session of the helper's answer (start, stop, pause… --json), if any.
  const answered = (answer) => (obj(answer) ? arr(answer.sessions).find(obj) || null : null);
  async function act(verb, done) {
    const s = focused(sessionsNow(Date.now()));
    const message = (answer) => {
      const session = answered(answer);
      if (session && !session.endedAt && obj(session.pending)) {
        return `The ${str(session.pending.kind) || verb} waits for the session's delay: it happens at ${hhmm(ms(session.pending.effectiveAt))}.`;
      }
      return done;
    };
    const answer = await post(`/api/${verb}`, s ? { id: s.id } : {}, message, $(verb));
    if (answer) refreshStatus();
  }

  // ---- starting ------------------------------------------------------------
  async function start(body, name, button) {
    const message = (answer) => {
      const session = answered(answer);
      return session && !Number.isNaN(ms(session.plannedEnd)) ? `Started ${name}: until ${hhmm(ms(session.plannedEnd))}.` : `Started ${name}.`;
    };
    const answer = await post('/api/start', body, message, button);
    if (answer) { state.focus = null; refreshStatus(); }
  }
  function presetNote(p) {
    const parts = [arr(p.lists).join(', ') || 'default lists'];
    if (obj(p.pomodoro)) parts.push(`${str(p.pomodoro.work)}/${str(p.pomodoro.shortBreak)} × ${num(p.pomodoro.cycles, 1)}`);
    else if (p.length) parts.push(str(p.length));
    else if (p.until) parts.push(`until ${str(p.until)}`);
    if (p.locked) parts.push('locked');
    return parts.join(' · ');
  }
  function listNote(l) {
    if (l.error) return 'has bad lines';
    return plural(num(l.entries), 'entry', 'entries') + (num(l.programs) ? `, ${plural(num(l.programs), 'program', 'programs')}` : '');
  }
  // Fills a row of start buttons (data-KIND="NAME", the name as text), each with its note below; the items, or null.
  async function fillChips(id, path, kind, empty, note, body) {
    const box = $(id);
    let items;
    try { items = arr(await call(path)).filter((x) => obj(x) && typeof x.name === 'string'); } catch (error) {
      box.replaceChildren(el('p', { class: 'muted', text: error.message }));
      return null;
    }
    box.replaceChildren(...(items.length ? [] : [el('p', { class: 'muted', text: empty })]));
    items.forEach((item, i) => {
      const button = el('button', { type: 'button', class: 'chip', data: { [kind]: item.name }, 'aria-describedby': `${kind}-note-${i}`, text: item.name });
      button.addEventListener('click', () => start(body(item), item.name, button));
      box.append(el('div', { class: 'preset' }, [button, el('span', { class: 'chip-note', id: `${kind}-note-${i}`, text: note(item) })]));
    });
    return items;
  }
  async function loadPresets() {
    const presets = await fillChips('presets', '/api/presets', 'preset', 'No presets: save one with refocus preset save.', presetNote, (p) => {
      const body = { preset: p.name };
      const length = $('length').value.trim();
      if (state.lengthEdited && length) body.length = length;
      return body;
    });
    const select = $('sched-preset');
    if (presets) select.replaceChildren(select.options[0], ...presets.map((p) => el('option', { value: p.name, text: p.name })));
  }
  async function loadLists() {
    const lists = await fillChips('lists-start', '/api/lists', 'list', 'No lists yet.', listNote, (l) => {
      const body = { lists: [l.name], lock: $('lock').checked, pomodoro: $('pomodoro').checked };
      if (!body.pomodoro) body.length = $('length').value.trim() || '25m';
      const label = $('label').value.trim();
      if (label) body.label = label;
      return body;
    });
    if (!lists) return;
    const select = $('list-select');
    select.replaceChildren(...lists.map((l) => el('option', { value: l.name, text: l.name })), el('option', { value: '', text: 'New list…' }));
    if (!state.list || !lists.some((l) => l.name === state.list)) state.list = state.creating ? '' : lists.length ? lists[0].name : '';
    state.creating = !state.list;
    select.value = state.list;
    loadList();
  }

  // ---- the list editor -----------------------------------------------------
  const listPath = (name, verb) => `/api/lists/${encodeURIComponent(name)}${verb ? `/${verb}` : ''}`;
  async function loadList() {
    const name = state.list;
    const entries = $('entries'), programs = $('programs');
    entries.textContent = '';
    programs.textContent = '';
    $('programs-title').hidden = true;
    $('list-origin').textContent = '';
    $('new-list-field').hidden = !!name;
    if (!name) return entries.append(el('li', { class: 'empty', text: 'Name the new list, then add entries or import a file: the list is made with them.' }));
    let list;
    try { list = await call(listPath(name)); } catch (error) {
      return entries.append(el('li', { class: 'empty', text: error.message }));
    }
    if (name !== state.list || !obj(list)) return;
    const kinds = obj(list.kinds) ? list.kinds : {};
    $('list-origin').textContent = list.origin ? `Origin: ${str(list.origin)}` : '';
    const items = arr(list.entries).map(str);
    if (!items.length) entries.append(el('li', { class: 'empty', text: 'No entries yet.' }));
    for (const entry of items) {
      const kind = kinds[entry] === 'path' ? 'browsers only' : kinds[entry] === 'address' ? 'address' : '';
      entries.append(el('li', {}, [
        el('span', {}, [entry, kind ? el('span', { class: 'kind', text: kind }) : null]),
        el('button', {
          type: 'button', class: 'remove', text: 'Remove', 'aria-label': `Remove ${entry} from ${name}`,
          on: { click: (e) => change('remove', [entry], e.currentTarget) },
        }),
      ]));
    }
    const names = arr(list.programs).map(str);
    $('programs-title').hidden = names.length === 0;
    for (const program of names) programs.append(el('li', {}, [el('span', { text: program })]));
  }
  // The list the editor changes: the one chosen, or the new one being named.
  function target() {
    const name = state.list || $('new-list').value.trim();
    if (!name) say('Name the new list first.', true);
    return name;
  }
  function made(name) {
    if (!state.list) { state.list = name; $('new-list').value = ''; }
    loadLists();
  }
  async function change(verb, entries, button) {
    const name = target();
    if (!name) return;
    const done = verb === 'add' ? `Added to ${name}: ${entries.join(', ')}.` : `Removed from ${name}: ${entries.join(', ')}.`;
    const answer = await post(listPath(name, verb), { entries }, done, button);
    if (!answer) return;
    if (verb === 'add') $('entry-input').value = '';
    made(name);
  }
  function importFile(file) {
    const name = file ? target() : '';
    if (!name) { $('import-file').value = ''; return; }
    if (file.size > IMPORT_CAP) return say(`${file.name} is larger than 4 MB: import it with refocus list import.`, true);
    const reader = new FileReader();
    reader.addEventListener('load', async () => {
      const answer = await post(listPath(name, 'import'), { text: str(reader.result) }, (r) => {
        if (!obj(r) || typeof r.added !== 'number') return `Imported ${file.name} into ${name}.`;
        return `Imported into ${name}: ${num(r.added)} added, ${num(r.duplicates)} duplicates, ${arr(r.rejected).length} lines rejected, ${arr(r.unblockable).length} never blockable.`;
      });
      $('import-file').value = '';
      if (answer) made(name);
    });
    reader.addEventListener('error', () => say(`Cannot read ${file.name}.`, true));
    reader.readAsText(file);
  }

  // ---- progress ------------------------------------------------------------
  function refreshProgress() { loadStats(); loadGroups(); loadHistory(); }

  async function loadStats() {
    let stats;
    try { stats = await call('/api/stats'); } catch (error) {
      $('heatmap').textContent = '';
      $('bars').textContent = '';
      $('milestones').textContent = '';
      $('milestones').append(el('p', { class: 'muted', text: error.message }));
      return;
    }
    if (!obj(stats)) return;
    $('today').textContent = span(stats.todaySeconds);
    $('week').textContent = span(stats.weekSeconds);
    $('streak').textContent = plural(num(stats.currentStreak), 'day', 'days');
    $('longest').textContent = plural(num(stats.longestStreak), 'day', 'days');
    renderMilestones(stats);
    const days = arr(stats.days).filter((d) => obj(d) && localDay(d.date));
    renderHeatmap(days, str(stats.today), str(stats.firstWeekday));
    renderBars(days.slice(-14));
  }
  function renderMilestones(stats) {
    const box = $('milestones');
    box.textContent = '';
    const reached = arr(stats.milestonesReached).filter((m) => typeof m === 'number');
    for (const m of reached) box.append(el('span', { class: 'badge reached', text: `✓ ${m}-day streak` }));
    if (typeof stats.nextMilestone === 'number') {
      box.append(el('span', { class: 'badge', text: `Next: ${stats.nextMilestone} days` }));
      if (typeof stats.daysToNextMilestone === 'number') {
        box.append(el('span', { class: 'muted', text: `${plural(stats.daysToNextMilestone, 'day', 'days')} to go` }));
      }
    }
  }
  function level(d) {
    const given = num(d.level, -1);
    if (given >= 0 && given <= 4) return given;
    const m = Math.floor(num(d.seconds) / 60);
    return m <= 0 ? 0 : m < 30 ? 1 : m < 60 ? 2 : m < 120 ? 3 : 4;
  }
  function renderHeatmap(days, today, firstWeekday) {
    const map = $('heatmap');
    map.textContent = '';
    const first = Math.max(0, WEEKDAYS.indexOf(firstWeekday.toLowerCase()));
    const labels = document.querySelector('.heat-days').children;
    for (let row = 0; row < 7; row++) {
      labels[row].textContent = row % 2 === 0 && row < 6 ? WEEKDAYS[(first + row) % 7].slice(0, 1).toUpperCase() + WEEKDAYS[(first + row) % 7].slice(1, 3) : '';
    }
    const months = $('heat-months');
    months.textContent = '';
    if (!days.length) return map.append(el('p', { class: 'empty', text: 'No focus recorded yet.' }));
    // A month's name above the week that shows its first day, and above the first week unless the next one has a name.
    const named = [];
    for (let week = 0; week * 7 < days.length; week++) {
      const shown = days.slice(week * 7, week * 7 + 7).map((d) => localDay(d.date));
      const first = shown.find((d) => d.getDate() === 1) || (week === 0 ? shown[0] : null);
      if (first) named.push([week, first]);
    }
    if (named.length > 1 && named[0][0] === 0 && named[1][0] === 1 && days[0].date.slice(8) !== '01') named.shift();
    for (const [week, day] of named) {
      const label = el('span', { text: day.toLocaleDateString([], { month: 'short' }) });
      label.style.gridColumn = String(week + 1);
      label.style.gridRow = '1';
      months.append(label);
    }
    // Days start on the week's first day, so the index gives the column and the row.
    days.forEach((d, i) => {
      const minutes = Math.floor(num(d.seconds) / 60);
      const label = `${d.date}: ${plural(minutes, 'minute', 'minutes')} of focus`;
      const cell = el('div', {
        role: 'listitem', class: `level-${level(d)}${d.date === today ? ' today' : ''}`,
        data: { date: d.date, minutes: String(minutes) }, 'aria-label': label, title: label,
      });
      cell.style.gridColumn = String(Math.floor(i / 7) + 1);
      cell.style.gridRow = String((i % 7) + 1);
      map.append(cell);
    });
  }
  function renderBars(days) {
    const bars = $('bars');
    bars.textContent = '';
    const most = Math.max(30, ...days.map((d) => num(d.seconds) / 60));
    for (const d of days) {
      const minutes = Math.floor(num(d.seconds) / 60);
      const day = localDay(d.date);
      const name = `${day.toLocaleDateString([], { weekday: 'short' })}\n${day.getDate()}`;
      const fill = el('div', { class: `bar-fill${minutes ? '' : ' none'}` });
      fill.style.height = `${Math.max(1.5, (minutes / most) * 100)}%`;
      const label = `${day.toLocaleDateString([], { weekday: 'long', day: 'numeric', month: 'long' })}: ${span(minutes * 60)} of focus`;
      bars.append(el('div', { class: 'bar', role: 'listitem', data: { date: d.date, minutes: String(minutes) }, 'aria-label': label, title: label }, [
        fill, el('span', { class: 'bar-day', 'aria-hidden': 'true', text: name }),
      ]));
    }
  }

  async function loadGroups() {
    const box = $('by-list');
    const by = state.by;
    $('by-title').textContent = by === 'label' ? 'Sessions by label' : 'Sessions by list';
    $('by-list-btn').setAttribute('aria-pressed', String(by === 'list'));
    $('by-label-btn').setAttribute('aria-pressed', String(by === 'label'));
    let groups;
    try {
      const stats = await call(`/api/stats?by=${by}`);
      groups = obj(stats) ? arr(stats.groups).filter(obj) : [];
    } catch (error) {
      box.textContent = '';
      return box.append(el('p', { class: 'empty', text: error.message }));
    }
    if (by !== state.by) return;
    box.textContent = '';
    if (!groups.length) return box.append(el('p', { class: 'empty', text: 'No sessions yet.' }));
    const most = Math.max(1, ...groups.map((g) => num(g.focusedSeconds)));
    for (const g of groups.sort((a, b) => num(b.focusedSeconds) - num(a.focusedSeconds))) {
      const name = typeof g.name === 'string' ? g.name : by === 'label' ? 'No label' : 'No list';
      const fill = el('div', { class: 'group-fill' });
      fill.style.width = `${(num(g.focusedSeconds) / most) * 100}%`;
      box.append(el('div', { class: 'group' }, [
        el('div', { class: 'group-line' }, [
          el('span', { text: name }),
          el('span', { class: 'muted', text: `${span(g.focusedSeconds)} · ${plural(num(g.sessions), 'session', 'sessions')}` }),
        ]),
        el('div', { class: 'group-track', 'aria-hidden': 'true' }, [fill]),
      ]));
    }
  }

  // Fills a table's body from an array the server answers: a row an item, or one line saying why none.
  async function fillTable(id, path, empty, row, most = 500) {
    const table = $(id);
    const line = (text) => el('tr', {}, [el('td', { colspan: String(table.tHead.rows[0].cells.length), class: 'empty', text })]);
    let items;
    try { items = arr(await call(path)).filter(obj); } catch (error) { return table.tBodies[0].replaceChildren(line(error.message)); }
    const rows = items.slice(0, most).map(row);
    if (items.length > most) rows.push(line(`The ${most} newest of ${items.length}; the CSV has them all.`));
    table.tBodies[0].replaceChildren(...(items.length ? rows : [line(empty)]));
  }
  function loadHistory() {
    return fillTable('history', '/api/history', 'No sessions yet.', (r) => {
      const outcome = str(r.outcome) || 'ended';
      const lists = arr(r.lists).map(str).join(', ') + (r.label ? ` (${str(r.label)})` : '');
      return el('tr', {}, [
        el('td', { class: 'num', text: when(ms(r.start)) }),
        el('td', { text: lists }),
        el('td', { class: 'num', text: span(r.seconds) }),
        el('td', {}, [el('span', { class: `outcome ${outcome}`, text: outcome })]),
      ]);
    }, 15);
  }

  // ---- schedules -----------------------------------------------------------
  function scheduleAction(r) {
    if (r.preset) return `preset ${str(r.preset)}`;
    if (Array.isArray(r.lists)) {
      const end = r.length ? `for ${str(r.length)}` : r.until ? `until ${str(r.until)}` : '';
      return `${r.mode === 'allow' ? 'allow ' : ''}${r.lists.map(str).join(', ')} ${end}${r.locked ? ', locked' : ''}`;
    }
    if (r.remind) return `reminder: ${str(r.remind)}`;
    return 'sync';
  }
  function loadSchedules() {
    return fillTable('schedule-table', '/api/schedules', 'No schedules yet.', (r) => {
      const next = r.atBoot ? 'at boot' : arr(r.next).length ? when(ms(arr(r.next)[0])) : '–';
      const id = str(r.id);
      return el('tr', {}, [
        el('td', { class: 'num', text: id }),
        el('td', {}, [el('code', { text: str(r.expression) })]),
        el('td', { text: scheduleAction(r) }),
        el('td', { class: 'num', text: next }),
        el('td', {}, [el('button', {
          type: 'button', class: 'remove', text: 'Remove', 'aria-label': `Remove schedule ${id}`,
          on: { click: async (e) => { if (await post('/api/schedules/remove', { id }, `Removed schedule ${id}.`, e.currentTarget)) loadSchedules(); } },
        })]),
      ]);
    });
  }
  async function addSchedule(event) {
    event.preventDefault();
    const expression = $('sched-expr').value.trim();
    const preset = $('sched-preset').value;
    const body = { expression };
    if (preset) body.preset = preset;
    else {
      body.lists = $('sched-lists').value.split(/[\s,]+/).filter(Boolean);
      const length = $('sched-length').value.trim(), until = $('sched-until').value.trim();
      if (!body.lists.length || !!length === !!until) return say('Give a preset, or lists with a length or an end time (not both).', true);
      if (length) body.length = length; else body.until = until;
      body.lock = $('sched-lock').checked;
    }
    if (await post('/api/schedules/add', body, `Added the schedule ${expression}.`, event.submitter)) {
      event.target.reset();
      loadSchedules();
    }
  }

  // ---- wiring --------------------------------------------------------------
  $('stop').addEventListener('click', () => act('stop', 'Stopped.'));
  $('pause').addEventListener('click', () => act('pause', 'Paused: the blocks are lifted and the time left stands still.'));
  $('resume').addEventListener('click', () => act('resume', 'Resumed.'));
  $('next').addEventListener('click', () => act('next', 'On to the next phase.'));
  $('length').addEventListener('input', () => { state.lengthEdited = true; });
  $('pomodoro').addEventListener('change', (e) => { $('length').disabled = e.target.checked; });
  $('list-select').addEventListener('change', (e) => {
    state.list = e.target.value;
    state.creating = !state.list;
    loadList();
    if (state.creating) $('new-list').focus();
  });
  $('entry-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const entries = $('entry-input').value.split(/[\s,]+/).filter(Boolean);
    if (!entries.length) return say('Type one or more entries, such as reddit.com.', true);
    change('add', entries, $('entry-add'));
  });
  $('import-file').addEventListener('change', (e) => importFile(e.target.files && e.target.files[0]));
  $('schedule-form').addEventListener('submit', addSchedule);
  $('by-list-btn').addEventListener('click', () => { state.by = 'list'; loadGroups(); });
  $('by-label-btn').addEventListener('click', () => { state.by = 'label'; loadGroups(); });
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refreshStatus(); });

  setRing(0, 'ring-idle');
  refreshStatus();
  connect();
  loadPresets();
  loadLists();
  refreshProgress();
  loadSchedules();
  setInterval(tick, 1000);
  setInterval(() => { if (!state.live) refreshStatus(); }, 15000);
})();
