(function () {
  'use strict';
  const t0 = performance.now();
  const violations = [];
  document.addEventListener('securitypolicyviolation', function (e) { violations.push(e.blockedURI + ' ' + e.violatedDirective); });
  const $ = function (id) { return document.getElementById(id); };
  const SVG = 'http://www.w3.org/2000/svg';
  const data = JSON.parse($('fling-data').textContent);
  const timings = { parsed: performance.now() - t0 };
  const LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

  // Typed arrays from base64 little-endian bytes: the exact doubles the replay produced.
  function bytes(b64) {
    if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(b64 || '');
    const s = atob(b64 || '');
    const n = s.length, u = new Uint8Array(n);
    for (let i = 0; i < n; i++) u[i] = s.charCodeAt(i);
    return u;
  }
  function typed(b64, Type, get) {
    const u = bytes(b64);
    if (LE) return new Type(u.buffer);
    const d = new DataView(u.buffer), size = Type.BYTES_PER_ELEMENT, out = new Type(u.length / size);
    for (let i = 0; i < out.length; i++) out[i] = d[get](i * size, true);
    return out;
  }
  const f64 = function (s) { return typed(s, Float64Array, 'getFloat64'); };
  const i32 = function (s) { return typed(s, Int32Array, 'getInt32'); };
  const u32 = function (s) { return typed(s, Uint32Array, 'getUint32'); };
  const u8 = function (s) { return bytes(s); };

  const bitsView = new DataView(new ArrayBuffer(8));
  function bits(x) {
    bitsView.setFloat64(0, x);
    return bitsView.getUint32(0).toString(16).padStart(8, '0') + bitsView.getUint32(4).toString(16).padStart(8, '0');
  }
  // The shortest decimal that reads back to the same double (JavaScript's own), keeping -0.
  function exact(x) { return Object.is(x, -0) ? '-0' : String(x); }
  function short(x, d) { return Object.is(x, -0) ? '0' : (Math.round(x * Math.pow(10, d)) / Math.pow(10, d)).toString(); }

  function prepare(r) {
    const F = r.frames;
    r.n = F.count;
    r.local = i32(F.local); r.time = f64(F.time);
    r.digest = F.digest ? u32(F.digest) : null;
    r.itemStart = i32(F.itemStart); r.rowKind = u8(F.kind); r.rowId = i32(F.id); r.rowPhase = u8(F.phase);
    r.values = f64(F.values);
    r.pointStart = F.points ? i32(F.pointStart) : null; r.points = F.points ? f64(F.points) : null;
    timings.decoded = performance.now() - t0;
    const rows = r.rowKind.length, widths = r.schema.map(function (s) { return s.fields.length; });
    r.valueStart = new Int32Array(rows + 1);
    for (let i = 0, o = 0; i < rows; i++) { r.valueStart[i] = o; o += widths[r.rowKind[i]]; r.valueStart[i + 1] = o; }
    r.field = r.schema.map(function (s) { const m = {}; s.fields.forEach(function (f, i) { m[f] = i; }); return m; });
    // Stages (a trace's sessions): each its frames, viewport and items' fixed facts; the
    // play clock runs on through them.
    r.stageOf = new Int32Array(r.n);
    let clock = 0;
    r.playTime = new Float64Array(r.n);
    r.stages.forEach(function (st, k) {
      st.byKey = {};
      st.items.forEach(function (s) { st.byKey[s.kind + ':' + s.id] = s; });
      const end = Math.min(r.n, st.firstFrame + st.frameCount);
      for (let f = st.firstFrame; f < end; f++) { r.stageOf[f] = k; r.playTime[f] = clock + r.time[f]; }
      if (end > st.firstFrame) clock += r.time[end - 1] + (st.frameInterval || 0);
    });
    // Each item's rows in frame order, for its path and outlines (typed arrays: a long session
    // has hundreds of thousands of rows).
    r.track = {};
    const keyOf = new Int32Array(rows), keys = [], counts = [];
    const index = new Map();
    for (let row = 0; row < rows; row++) {
      const code = r.rowKind[row] * 4294967296 + (r.rowId[row] >>> 0);
      let k = index.get(code);
      if (k === undefined) { k = keys.length; index.set(code, k); keys.push(r.schema[r.rowKind[row]].kind + ':' + r.rowId[row]); counts.push(0); }
      keyOf[row] = k; counts[k]++;
    }
    const tracks = keys.map(function (key, k) { return (r.track[key] = { frames: new Int32Array(counts[k]), rows: new Int32Array(counts[k]), n: 0 }); });
    for (let f = 0; f < r.n; f++) {
      for (let row = r.itemStart[f]; row < r.itemStart[f + 1]; row++) {
        const t = tracks[keyOf[row]];
        t.frames[t.n] = f; t.rows[t.n] = row; t.n++;
      }
    }
    // Each input's stage. Inputs come stage by stage, each at the frame before which it was
    // applied; one applied after its stage's last frame carries the stage's end, which is the
    // next stage's first frame: there its time (seconds since its own stage began) says which.
    r.inputStage = new Int32Array(r.inputs.length);
    let at = 0;
    r.inputs.forEach(function (i, n) {
      while (at + 1 < r.stages.length && i[0] >= r.stages[at + 1].firstFrame) {
        const st = r.stages[at], next = r.stages[at + 1];
        if (i[0] === next.firstFrame && i[0] === st.firstFrame + st.frameCount &&
            Math.abs(i[1] - st.frameCount * (st.frameInterval || 0)) < Math.abs(i[1])) break;
        at++;
      }
      r.inputStage[n] = at;
    });
    // Touches, stroke by stroke, each within its stage.
    r.strokes = [];
    const open = {};
    r.inputs.forEach(function (i, n) {
      if (i[2] !== 'touch' || i[5] === null) return;
      const key = r.inputStage[n] + ':' + i[3];
      let s = open[key];
      if (i[4] === 'began' || !s) { s = open[key] = { touch: i[3], stage: r.inputStage[n], points: [] }; r.strokes.push(s); }
      s.points.push({ frame: i[0], x: i[5], y: i[6], phase: i[4] });
      if (i[4] === 'ended' || i[4] === 'cancelled') delete open[key];
    });
    // Where each tile of a stage is when the frame has no row for it, change by change in frame
    // order (a frame's inputs before its events): resting at home, culled, removed, or not yet
    // added (a tile whose first operation in the stage adds it).
    const changes = r.stages.map(function (st) {
      st.life = {};
      st.items.forEach(function (s) { if (s.kind === 'tile') st.life[s.id] = null; });
      return [];
    });
    r.inputs.forEach(function (i, n) {
      const op = { reset: 'resting', addTile: 'resting', removeTile: 'removed' }[i[2]];
      const k = r.inputStage[n], st = r.stages[k], id = op && i[7] ? +i[7].split(' ')[1] : NaN;
      if (!st || !(id in st.life)) return;
      if (st.life[id] === null) st.life[id] = [[-1, i[2] === 'addTile' ? 'unadded' : 'resting']];
      changes[k].push([i[0], 0, n, id, op]);
    });
    r.events.forEach(function (e, n) {
      const k = e[0] >= 0 && e[0] < r.n ? r.stageOf[e[0]] : -1, st = r.stages[k];
      if (e[1] !== 'tile' || !st || !(e[2] in st.life)) return;
      changes[k].push([e[0], 1, n, e[2], e[3] === 'culled' ? 'culled' : 'resting']);
    });
    r.stages.forEach(function (st, k) {
      changes[k].sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; });
      for (const id in st.life) if (st.life[id] === null) st.life[id] = [[-1, 'resting']];
      changes[k].forEach(function (c) { st.life[c[3]].push([c[0], c[4]]); });
    });
    r.eventsAt = {};
    r.events.forEach(function (e) { (r.eventsAt[e[0]] = r.eventsAt[e[0]] || []).push(e); });
    r.inputsAt = {};
    r.inputs.forEach(function (i) { (r.inputsAt[i[0]] = r.inputsAt[i[0]] || []).push(i); });
  }
  data.runs.forEach(prepare);
  timings.prepared = performance.now() - t0;
  const A = data.runs[0], B = data.runs[1] || null;
  const count = Math.max(A.n, B ? B.n : 0);
  const word = A.frameUnit || 'frame';
  function stageAt(r, f) { return r.stages[r.stageOf[Math.max(0, Math.min(r.n - 1, f))]] || { items: [], byKey: {}, viewport: r.bounds, firstFrame: 0, frameCount: r.n }; }

  // Where frame f is in an item's track (-1 when the item is not in it).
  function posOf(t, f) {
    let lo = 0, hi = t.frames.length - 1;
    while (lo <= hi) {
      const m = (lo + hi) >> 1;
      if (t.frames[m] === f) return m;
      if (t.frames[m] < f) lo = m + 1; else hi = m - 1;
    }
    return -1;
  }
  function val(r, row, name) {
    const i = r.field[r.rowKind[row]][name];
    return i === undefined ? undefined : r.values[r.valueStart[row] + i];
  }
  function fact(s, name, d) { return s && s.facts[name] !== undefined ? s.facts[name] : d; }

  // ---- Drawing, item kind by item kind ----
  const colors = ['#1c7ed6', '#2f9e44', '#ae3ec9', '#e8590c', '#0c8599', '#c2255c', '#5c940d', '#d6336c'];
  function color(id) { return colors[((id % colors.length) + colors.length) % colors.length]; }
  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  const n3 = function (x) { return short(x, 3); };
  function corners(cx, cy, a, w, h) {
    const c = Math.cos(a), s = Math.sin(a), out = [];
    [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]].forEach(function (p) {
      out.push(n3(cx + p[0] * c - p[1] * s) + ',' + n3(cy + p[0] * s + p[1] * c));
    });
    return out.join(' ');
  }
  const DRAW = {
    tile: {
      tag: 'polygon',
      set: function (e, get, st, id) {
        e.setAttribute('points', corners(get('x'), get('y'), get('angle'), fact(st, 'width', 40), fact(st, 'height', 40)));
        e.setAttribute('fill', color(id)); e.setAttribute('fill-opacity', '0.35'); e.setAttribute('stroke', color(id));
      },
      rest: function (st) { const v = { x: fact(st, 'homeX', 0), y: fact(st, 'homeY', 0), angle: 0 }; return function (n) { return v[n] || 0; }; }
    },
    head: {
      tag: 'circle',
      set: function (e, get, st, id) {
        e.setAttribute('cx', n3(get('x'))); e.setAttribute('cy', n3(get('y')));
        e.setAttribute('r', n3(fact(st, 'diameter', 60) / 2 * get('scale')));
        e.setAttribute('fill', color(id)); e.setAttribute('fill-opacity', '0.5'); e.setAttribute('stroke', color(id));
      }
    },
    knob: {
      tag: 'circle',
      set: function (e, get, st) {
        e.setAttribute('cx', n3(get('x'))); e.setAttribute('cy', n3(get('y')));
        e.setAttribute('r', n3(fact(st, 'diameter', 44) / 2 * get('scale')));
        e.setAttribute('fill', '#fab005'); e.setAttribute('stroke', '#e67700');
      }
    },
    panel: {
      tag: 'rect',
      set: function (e, get) {
        e.setAttribute('x', n3(get('x'))); e.setAttribute('y', n3(get('y')));
        e.setAttribute('width', n3(Math.max(0, get('width')))); e.setAttribute('height', n3(Math.max(0, get('height'))));
        e.setAttribute('fill', '#f1f3f5'); e.setAttribute('stroke', '#495057'); e.setAttribute('rx', '12');
      }
    },
    rays: {
      tag: 'g',
      set: function (e, get, st, id, ctx) {
        const knob = ctx.find('knob');
        const cx = knob ? knob('x') : 0, cy = knob ? knob('y') : 0, deg = get('angle') * 180 / Math.PI;
        e.setAttribute('transform', 'translate(' + n3(cx) + ' ' + n3(cy) + ') rotate(' + n3(deg) + ')');
        e.setAttribute('opacity', n3(get('alpha'))); e.setAttribute('data-angle', n3(deg));
        if (!e.firstChild) {
          for (let k = 0; k < 8; k++) {
            const a = k * Math.PI / 4;
            el('line', { x1: n3(30 * Math.cos(a)), y1: n3(30 * Math.sin(a)), x2: n3(40 * Math.cos(a)), y2: n3(40 * Math.sin(a)), stroke: '#f08c00', 'stroke-width': '3', 'stroke-linecap': 'round' }, e);
          }
        }
      }
    },
    bubble: {
      tag: 'circle',
      set: function (e, get, st, id, ctx) {
        e.setAttribute('cx', n3(get('x'))); e.setAttribute('cy', n3(get('y')));
        e.setAttribute('r', n3(get('size') * get('scale') / 2));
        e.setAttribute('fill', color(id)); e.setAttribute('fill-opacity', '0.3'); e.setAttribute('stroke', color(id));
        e.setAttribute('stroke-dasharray', ctx.phase === 'popping' ? '3 2' : 'none');
      }
    },
    cloud: {
      tag: 'ellipse',
      set: function (e, get, st) {
        e.setAttribute('cx', n3(get('x'))); e.setAttribute('cy', n3(get('y')));
        e.setAttribute('rx', n3((get('width') !== undefined ? get('width') : fact(st, 'width', 60)) / 2)); e.setAttribute('ry', n3((get('height') !== undefined ? get('height') : fact(st, 'height', 30)) / 2));
        e.setAttribute('opacity', n3(get('alpha'))); e.setAttribute('fill', '#ffffff'); e.setAttribute('stroke', '#adb5bd');
      }
    },
    dot: {
      tag: 'circle',
      set: function (e, get) {
        e.setAttribute('cx', n3(get('x'))); e.setAttribute('cy', n3(get('y'))); e.setAttribute('r', n3(get('radius') !== undefined ? get('radius') : 6));
        e.setAttribute('opacity', n3(get('alpha'))); e.setAttribute('fill', '#5a5a5a');
      }
    },
    subpath: {
      tag: 'path',
      set: function (e, get, st, id, ctx) {
        const p = ctx.points;
        let d = '';
        if (p && p.length >= 2) {
          d = 'M' + n3(p[0]) + ' ' + n3(p[1]);
          for (let i = 2; i + 5 < p.length; i += 6) d += ' C' + [p[i], p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5]].map(n3).join(' ');
          if (get('closed') === 1) d += ' Z';
        }
        e.setAttribute('d', d); e.setAttribute('fill', '#e8453c'); e.setAttribute('fill-opacity', '0.85'); e.setAttribute('stroke', '#c92a2a');
      }
    },
    sky: {
      tag: 'g',
      set: function (e, get, st, id, ctx) {
        const vb = ctx.viewport, w = vb[2], h = vb[3];
        if (!e.firstChild) {
          el('rect', { 'class': 'sky-day', x: vb[0], y: vb[1], width: w, height: h, fill: '#74c0fc' }, e);
          el('rect', { 'class': 'sky-night', x: vb[0], y: vb[1], width: w, height: h, fill: '#0b1a3a' }, e);
          const stars = el('g', { 'class': 'stars' }, e);
          let seed = 7;
          for (let k = 0; k < 40; k++) {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            const x = vb[0] + (seed % 1000) / 1000 * w;
            seed = (seed * 1103515245 + 12345) % 2147483648;
            el('circle', { cx: n3(x), cy: n3(vb[1] + (seed % 1000) / 1000 * h * 0.7), r: '1.3', fill: '#fff' }, stars);
          }
          const wheel = el('g', { 'class': 'wheel' }, e);
          el('circle', { cx: n3(vb[0] + w / 2 - h * 0.7), cy: n3(vb[1] + h), r: '22', fill: '#ffd43b' }, wheel);
          el('circle', { cx: n3(vb[0] + w / 2 + h * 0.7), cy: n3(vb[1] + h), r: '16', fill: '#f1f3f5' }, wheel);
          const strip = el('g', { 'class': 'strip' }, e);
          el('rect', { x: n3(vb[0] + w - 26), y: vb[1], width: '18', height: h, fill: '#fff', 'fill-opacity': '0.3' }, strip);
          el('rect', { 'class': 'strip-marker', x: n3(vb[0] + w - 28), width: '22', height: '3', fill: '#fff' }, strip);
        }
        const alpha = get('starAlpha'), deg = get('rotation') * 180 / Math.PI;
        e.querySelector('.sky-night').setAttribute('opacity', n3(alpha));
        e.querySelector('.stars').setAttribute('opacity', n3(alpha));
        e.setAttribute('data-star-alpha', n3(alpha)); e.setAttribute('data-rotation', n3(deg));
        e.querySelector('.wheel').setAttribute('transform', 'rotate(' + n3(deg) + ' ' + n3(vb[0] + w / 2) + ' ' + n3(vb[1] + h) + ')');
        const ih = fact(st, 'imageHeight', 2880);
        e.querySelector('.strip-marker').setAttribute('y', n3(vb[1] + get('skyOffset') / ih * h));
        e.setAttribute('data-sky-offset', n3(get('skyOffset')));
      }
    }
  };
  const fallback = {
    tag: 'circle',
    set: function (e, get, st, id) {
      e.setAttribute('cx', n3(get('x') || 0)); e.setAttribute('cy', n3(get('y') || 0)); e.setAttribute('r', '5'); e.setAttribute('fill', color(id));
    }
  };

  // ---- The page ----
  const stage = $('stage');
  const bx = A.bounds;
  stage.setAttribute('viewBox', bx.join(' '));
  const layers = {};
  ['bg', 'static', 'trails', 'ghosts', 'predictions', 'items0', 'items1', 'fingers'].forEach(function (n) { layers[n] = el('g', { id: 'layer-' + n }, stage); });
  // The stage's viewport, tiles' home frames and the switch's track, for the current stage.
  let shownStage = -1;
  function showStatic(f) {
    const k = A.stageOf[Math.max(0, Math.min(A.n - 1, f))];
    if (k === shownStage) return;
    shownStage = k;
    layers.bg.textContent = ''; layers.static.textContent = '';
    const st = stageAt(A, f), v = st.viewport;
    el('rect', { x: v[0], y: v[1], width: v[2], height: v[3], 'class': 'viewport' }, layers.bg);
    st.items.forEach(function (s) {
      if (s.kind === 'tile') {
        el('polygon', { points: corners(fact(s, 'homeX', 0), fact(s, 'homeY', 0), 0, fact(s, 'width', 40), fact(s, 'height', 40)), 'class': 'home', stroke: color(s.id), 'data-home': 'tile:' + s.id }, layers.static);
      } else if (s.kind === 'wall') {
        el('line', { x1: fact(s, 'x1', 0), y1: fact(s, 'y1', 0), x2: fact(s, 'x2', 0), y2: fact(s, 'y2', 0), 'class': 'wall', stroke: '#495057', 'stroke-width': Math.max(3, 2 * fact(s, 'radius', 0)), 'stroke-linecap': 'round' }, layers.static);
      } else if (s.facts.trackWidth !== undefined) {
        el('rect', { x: s.facts.trackX, y: s.facts.trackY, width: s.facts.trackWidth, height: s.facts.trackHeight, rx: s.facts.trackHeight / 2, 'class': 'track' }, layers.static);
      }
    });
  }

  let cur = Math.max(0, Math.min(count - 1, data.start | 0));
  let showPaths = true, showOutlines = true;
  const cache = [{}, {}];

  function getter(r, row) { return function (name) { return val(r, row, name); }; }
  function pointsOf(r, row) { return r.points ? r.points.subarray(r.pointStart[row], r.pointStart[row + 1]) : null; }
  function phaseOf(r, row) { return r.rowPhase[row] === 255 ? null : r.phases[r.rowPhase[row]]; }

  // The state of tile `id` of frame f's stage when the frame has no row for it: `resting`
  // (drawn at home), `culled`, `removed` or `unadded` (not in the scene yet).
  function tileState(r, f, id) {
    const life = stageAt(r, f).life[id];
    let state = 'resting';
    if (life) for (let k = 0; k < life.length; k++) if (life[k][0] <= f) state = life[k][1];
    return state;
  }
  // The tiles of frame f's stage that have no row in it (`present`: key to row), with their
  // state; tiles not yet added are left out.
  function restingTiles(r, f, present) {
    const out = [];
    stageAt(r, f).items.forEach(function (s) {
      const key = s.kind + ':' + s.id;
      if (s.kind !== 'tile' || present[key] !== undefined) return;
      const state = tileState(r, f, s.id);
      if (state !== 'unadded') out.push({ key: key, state: state, stage: s });
    });
    return out;
  }

  function drawRun(which, r, f) {
    const layer = layers['items' + which], seen = {};
    const c = cache[which];
    if (r && f < r.n) {
      const start = r.itemStart[f], end = r.itemStart[f + 1];
      const byKind = {};
      for (let row = start; row < end; row++) { const k = r.schema[r.rowKind[row]].kind; if (byKind[k] === undefined) byKind[k] = row; }
      const ctx = { find: function (kind) { return byKind[kind] !== undefined ? getter(r, byKind[kind]) : null; }, viewport: stageAt(r, f).viewport };
      for (let row = start; row < end; row++) {
        const kind = r.schema[r.rowKind[row]].kind, id = r.rowId[row], key = kind + ':' + id;
        const d = DRAW[kind] || fallback;
        let e = c[key];
        if (!e) { e = c[key] = el(d.tag, { 'data-item': key, 'data-run': which, 'class': 'item ' + kind + (which ? ' other' : '') }, layer); }
        ctx.phase = phaseOf(r, row); ctx.points = pointsOf(r, row);
        d.set(e, getter(r, row), stageAt(r, f).byKey[key], id, ctx);
        e.setAttribute('data-state', 'frame'); e.setAttribute('data-phase', ctx.phase || '');
        e.style.display = '';
        seen[key] = true;
      }
      restingTiles(r, f, seen).forEach(function (t) {
        if (t.state !== 'resting') return;
        let e = c[t.key];
        if (!e) { e = c[t.key] = el('polygon', { 'data-item': t.key, 'data-run': which, 'class': 'item tile' + (which ? ' other' : '') }, layer); }
        DRAW.tile.set(e, DRAW.tile.rest(t.stage), t.stage, t.stage.id, {});
        e.setAttribute('data-state', 'resting'); e.setAttribute('data-phase', 'resting');
        e.style.display = '';
        seen[t.key] = true;
      });
    }
    for (const key in c) if (!seen[key]) { c[key].remove(); delete c[key]; }
  }

  // An item's path (its positions in the frames up to f, without a gap, at most 600) and its
  // outlines (where it was every sixth frame, up to 60 frames back): both within f's stage, so
  // that a new session starts with none.
  function drawTrails(f) {
    layers.trails.textContent = ''; layers.ghosts.textContent = '';
    const runs = B ? [A, B] : [A];
    runs.forEach(function (r, which) {
      if (f >= r.n) return;
      const st = stageAt(r, f), first = Math.max(st.firstFrame, 0);
      for (let row = r.itemStart[f]; row < r.itemStart[f + 1]; row++) {
        const kind = r.schema[r.rowKind[row]].kind, key = kind + ':' + r.rowId[row], t = r.track[key];
        const k = posOf(t, f);
        if (showPaths && r.field[r.rowKind[row]].x !== undefined) {
          const pts = [];
          let j = k;
          for (; j >= 0 && j > k - 600 && t.frames[j] >= first && (j === k || t.frames[j] === t.frames[j + 1] - 1); j--) pts.push(n3(val(r, t.rows[j], 'x')) + ',' + n3(val(r, t.rows[j], 'y')));
          if (pts.length > 1) el('polyline', { points: pts.reverse().join(' '), 'class': 'trail' + (which ? ' other' : ''), stroke: which ? '#e8590c' : color(r.rowId[row]), 'data-trail': key, 'data-run': which, 'data-from': t.frames[j + 1] }, layers.trails);
        }
        if (showOutlines && (kind === 'tile' || kind === 'head' || kind === 'knob' || kind === 'bubble' || kind === 'subpath')) {
          for (let g = f - 6; g >= first && g >= f - 60; g -= 6) {
            const p = posOf(t, g);
            if (p < 0) continue;
            const d = DRAW[kind], e = el(d.tag, { 'class': 'ghost' + (which ? ' other' : ''), 'data-ghost': key, 'data-run': which, 'data-from': g }, layers.ghosts);
            d.set(e, getter(r, t.rows[p]), st.byKey[key], r.rowId[row], { phase: phaseOf(r, t.rows[p]), points: pointsOf(r, t.rows[p]), find: function () { return null; } });
            e.removeAttribute('fill'); e.setAttribute('fill', 'none');
          }
        }
      }
    });
  }

  // Where each released item ends if nothing touches it again (a replay with predictions): its
  // predicted end pose, an outline, from its release until it gets there (or another input to
  // it supersedes the prediction).
  function drawPredictions(f) {
    layers.predictions.textContent = '';
    const runs = B ? [A, B] : [A];
    runs.forEach(function (r, which) {
      (r.predictions || []).forEach(function (p) {
        if (f < p[2] || f >= p[3]) return;
        const kind = p[0], key = kind + ':' + p[1], d = DRAW[kind];
        if (!d) return;
        const pose = { x: p[5], y: p[6], angle: p[7], scale: 1 };
        const e = el(d.tag, { 'class': 'prediction' + (which ? ' other' : ''), 'data-prediction': key, 'data-run': which, 'data-outcome': p[4], 'data-until': p[3] }, layers.predictions);
        d.set(e, function (n) { return pose[n] !== undefined ? pose[n] : 0; }, stageAt(r, f).byKey[key], p[1], { find: function () { return null; } });
        e.setAttribute('fill', 'none');
        el('title', {}, e).textContent = key + ' ends ' + p[4] + ' after ' + word + ' ' + p[3];
      });
    });
  }

  // The fingers of f's stage: each touch's stroke up to f, a circle where it is while down and
  // for 30 frames after it lifts.
  function drawFingers(f) {
    layers.fingers.textContent = '';
    const k = A.stageOf[Math.max(0, Math.min(A.n - 1, f))];
    A.strokes.forEach(function (s) {
      if (s.stage !== k) return;
      const applied = s.points.filter(function (p) { return p.frame <= f; });
      if (!applied.length) return;
      const last = applied[applied.length - 1];
      const down = last.phase === 'began' || last.phase === 'moved';
      if (!down && last.frame < f - 30) return;
      if (showPaths && applied.length > 1) el('polyline', { points: applied.map(function (p) { return n3(p.x) + ',' + n3(p.y); }).join(' '), 'class': 'finger-path', 'data-touch': s.touch }, layers.fingers);
      el('circle', { cx: n3(last.x), cy: n3(last.y), r: '11', 'class': 'finger' + (down ? ' down' : ' up'), 'data-touch': s.touch, 'data-down': down ? '1' : '0' }, layers.fingers);
    });
  }

  // ---- The panel ----
  function digestHex(r, f) {
    if (!r || !r.digest || f >= r.n) return '';
    return r.digest[2 * f + 1].toString(16).padStart(8, '0') + r.digest[2 * f].toString(16).padStart(8, '0');
  }
  function text(tag, t, attrs) {
    const e = document.createElement(tag);
    if (t !== undefined) e.textContent = t;
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }
  function panel(f) {
    const r = f < A.n ? A : B;
    const tick = $('tick'), time = $('time');
    const local = r ? r.local[Math.min(f, r.n - 1)] : f, st = r ? stageAt(r, f) : null;
    tick.textContent = word + ' ' + local + (r && r.stages.length > 1 ? ' of stage ' + (r.stageOf[Math.min(f, r.n - 1)] + 1) + (st.name ? ' (' + st.name + ')' : '') : ' of ' + count);
    tick.setAttribute('data-frame', f); tick.setAttribute('data-index', local);
    const tt = r && f < r.n ? r.time[f] : NaN;
    time.textContent = 't = ' + exact(tt) + ' s'; time.setAttribute('data-bits', bits(tt));
    const dg = $('digest');
    dg.textContent = '';
    data.runs.forEach(function (run, which) {
      const h = digestHex(run, f);
      const s = text('span', (B ? 'AB'[which] + ' ' : '') + (h ? 'digest ' + h : 'no digest per ' + word), { 'data-run': which, 'data-digest': h, title: data.labels[which] });
      if (B && digestHex(A, f) !== digestHex(B, f)) s.className = 'diff';
      dg.appendChild(s);
    });
    // One block per item: a row per field, a column per run, each value exact.
    const table = $('items');
    table.textContent = '';
    const keys = [], rows = [{}, {}];
    data.runs.forEach(function (run, which) {
      if (f >= run.n) return;
      for (let row = run.itemStart[f]; row < run.itemStart[f + 1]; row++) {
        const key = run.schema[run.rowKind[row]].kind + ':' + run.rowId[row];
        if (keys.indexOf(key) < 0) keys.push(key);
        rows[which][key] = row;
      }
    });
    // Tiles of the stage without a row, in each run: resting at home, culled or removed.
    const rest = data.runs.map(function (run, which) {
      const m = {};
      if (f < run.n) restingTiles(run, f, rows[which]).forEach(function (t) { m[t.key] = t; });
      return m;
    });
    if (B && keys.length) {
      const head = text('thead'), tr = text('tr');
      tr.appendChild(text('th', ''));
      data.runs.forEach(function (run, which) { tr.appendChild(text('th', 'AB'[which], { title: data.labels[which] })); });
      head.appendChild(tr); table.appendChild(head);
    }
    keys.forEach(function (key) {
      const body = text('tbody', undefined, { 'data-item': key });
      const run0 = rows[0][key] !== undefined ? A : B, row0 = rows[0][key] !== undefined ? rows[0][key] : rows[1][key];
      const fields = run0.schema[run0.rowKind[row0]].fields, st = stageAt(run0, f).byKey[key];
      const title = text('tr', undefined, { 'class': 'item-title' });
      title.appendChild(text('th', st ? st.label : key.replace(':', ' ')));
      data.runs.forEach(function (run, which) {
        const row = rows[which][key], r = rest[which][key];
        if (row !== undefined) title.appendChild(text('td', phaseOf(run, row) || '', { 'class': 'phase', 'data-run': which, 'data-present': '1' }));
        else title.appendChild(text('td', r ? r.state : 'absent', { 'class': 'phase diff', 'data-run': which, 'data-present': '0' }));
      });
      body.appendChild(title);
      fields.forEach(function (n) {
        const tr = text('tr');
        tr.appendChild(text('th', n, { 'class': 'field' }));
        data.runs.forEach(function (run, which) {
          const row = rows[which][key];
          if (row === undefined) { tr.appendChild(text('td', '')); return; }
          const v = val(run, row, n), td = text('td', exact(v), { 'data-run': which, 'data-field': n, 'data-bits': bits(v) });
          if (B) { const o = rows[1 - which][key], other = which ? A : B; if (o === undefined || bits(val(other, o, n)) !== bits(v)) td.className = 'diff'; }
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
      data.runs.forEach(function (run, which) {
        const row = rows[which][key];
        const p = row === undefined ? null : pointsOf(run, row);
        if (!p || !p.length) return;
        const tr = text('tr'), td = text('td', undefined, { 'class': 'points', 'data-run': which, colspan: 3 }), det = text('details'), list = text('span');
        tr.appendChild(text('th', B ? 'AB'[which] + ' points' : 'points', { 'class': 'field' }));
        det.appendChild(text('summary', p.length / 2 + ' points'));
        for (let i = 0; i < p.length; i++) list.appendChild(text('span', exact(p[i]) + (i % 2 ? '; ' : ', '), { 'data-point': i, 'data-bits': bits(p[i]) }));
        det.appendChild(list); td.appendChild(det); tr.appendChild(td); body.appendChild(tr);
      });
      table.appendChild(body);
    });
    // Tiles in no run's frame, each once, by name and state (per run where the runs differ).
    const restKeys = [];
    rest.forEach(function (m) { for (const key in m) if (keys.indexOf(key) < 0 && restKeys.indexOf(key) < 0) restKeys.push(key); });
    if (restKeys.length) {
      const body = text('tbody', undefined, { 'class': 'resting' }), tr = text('tr'), td = text('td', undefined, { colspan: 3 });
      restKeys.forEach(function (key, n) {
        const a = rest[0][key], b = B ? rest[1][key] : a, t = a || b;
        const sa = a ? a.state : 'absent', sb = b ? b.state : 'absent';
        const words = t.stage.label + (sa === sb ? ' ' + sa : ' ' + sa + ' in A, ' + sb + ' in B');
        const span = text('span', words, { 'data-item': key, 'data-rest': sa });
        if (B) span.setAttribute('data-rest-b', sb);
        if (sa !== sb) span.className = 'diff';
        if (n) td.appendChild(document.createTextNode(', '));
        td.appendChild(span);
      });
      tr.appendChild(td); body.appendChild(tr); table.appendChild(body);
    }
    const ev = $('events');
    ev.textContent = '';
    const lines = [];
    (A.inputsAt[f] || []).forEach(function (i) { lines.push(['input', i[2] + (i[3] !== null ? ' ' + i[3] : '') + (i[4] ? ' ' + i[4] : '') + (i[5] !== null ? ' at ' + short(i[5], 1) + ', ' + short(i[6], 1) : '') + (i[7] ? ' ' + i[7] : '')]); });
    (A.eventsAt[f] || []).forEach(function (e) { lines.push([e[3], e[1] + ' ' + e[2] + ' ' + e[3] + (e[4] ? ': ' + e[4] : '')]); });
    if (B) (B.eventsAt[f] || []).forEach(function (e) { lines.push([e[3], data.labels[1] + ': ' + e[1] + ' ' + e[2] + ' ' + e[3] + (e[4] ? ': ' + e[4] : '')]); });
    if (!lines.length) ev.appendChild(text('li', 'nothing happened at this ' + word, { 'class': 'quiet' }));
    lines.forEach(function (l) { ev.appendChild(text('li', l[1], { 'class': 'ev-' + l[0] })); });
  }

  function draw() {
    drawRun(0, A, cur);
    if (B) drawRun(1, B, cur);
    drawTrails(cur);
    drawPredictions(cur);
    drawFingers(cur);
    showStatic(cur);
    panel(cur);
    $('scrub').value = cur;
    $('stage').setAttribute('data-frame', cur);
  }

  // ---- Timeline ----
  const scrub = $('scrub');
  scrub.min = 0; scrub.max = Math.max(0, count - 1); scrub.step = 1;
  const markers = $('markers');
  const palette = { grabbed: '#1c7ed6', released: '#2f9e44', settled: '#868e96', culled: '#e03131', snapped: '#0c8599', settled2: '#868e96', toggled: '#f08c00', emitted: '#ae3ec9', popped: '#d6336c', tapped: '#1098ad', opened: '#5c940d', closed: '#5c940d', picked: '#f08c00', removed: '#adb5bd', sent: '#0c8599', pushed: '#e8590c', cameToRest: '#868e96', wallContact: '#495057' };
  function x(f) { return count > 1 ? f / (count - 1) * 1000 : 0; }
  const seenNames = {};
  A.events.forEach(function (e) {
    const m = el('rect', { x: n3(x(e[0]) - 1), y: '2', width: '2', height: '14', fill: palette[e[3]] || '#495057', 'class': 'marker', 'data-frame': e[0], 'data-name': e[3] }, markers);
    el('title', {}, m).textContent = word + ' ' + e[0] + ': ' + e[1] + ' ' + e[2] + ' ' + e[3];
    seenNames[e[3]] = true;
  });
  const legend = $('legend');
  Object.keys(seenNames).forEach(function (n) {
    const s = text('span', n, { 'class': 'key' });
    s.style.borderColor = palette[n] || '#495057';
    legend.appendChild(s);
  });
  if (data.divergence) {
    const d = data.divergence;
    const m = el('polygon', { points: n3(x(d.frame) - 6) + ',0 ' + n3(x(d.frame) + 6) + ',0 ' + n3(x(d.frame)) + ',12', fill: '#e03131', 'class': 'marker divergence', 'data-frame': d.frame }, markers);
    el('title', {}, m).textContent = 'first divergence';
    const box = $('divergence');
    box.hidden = false;
    box.textContent = d.text;
    box.setAttribute('data-frame', d.frame); box.setAttribute('data-item', d.itemKind === null ? '' : d.itemKind + ':' + d.id); box.setAttribute('data-field', d.field); box.setAttribute('data-part', d.part);
  }
  if (B && !data.divergence && data.equal) {
    const box = $('equal');
    box.hidden = false;
    box.textContent = data.equal;
  }
  markers.addEventListener('click', function (e) { const f = e.target.getAttribute && e.target.getAttribute('data-frame'); if (f !== null && f !== undefined) { pause(); seek(+f); } });

  // ---- Playing ----
  // The display redraws at its own instants, k / rate seconds after play began (every screen
  // frame at rate 0), counted on the screen's clock (requestAnimationFrame's timestamps), and
  // the k-th redraw shows the frame of the run's time k / rate × speed on from where play
  // began. A redraw is due at the first screen frame at or after its instant (up to a
  // millisecond early, for timestamps' jitter), so 24 Hz on a 60 Hz screen is 24 redraws a
  // second (not every third screen frame: 20), and at the run's own rate every frame is shown
  // once.
  let playing = false, speed = 1, rate = 60, startedAt = null, baseTime = 0, redraws = 0;
  function frameAt(t) {
    const r = A.n >= count ? A : B;
    const due = t + 1e-9;  // a frame whose time is the instant, give or take its rounding
    let lo = 0, hi = r.n - 1;
    while (lo < hi) { const m = (lo + hi + 1) >> 1; if (r.playTime[m] <= due) lo = m; else hi = m - 1; }
    return lo;
  }
  function timeOf(f) { const r = f < A.n ? A : B; return r.playTime[f]; }
  function seek(f) { cur = Math.max(0, Math.min(count - 1, f | 0)); if (playing) rebase(); draw(); }
  function rebase() { startedAt = null; baseTime = timeOf(cur); redraws = 0; }
  function play() {
    if (count < 2) return;
    if (cur >= count - 1) cur = 0;
    playing = true; rebase(); $('play').textContent = '❚❚'; $('play').setAttribute('data-playing', '1');
    requestAnimationFrame(loop);
  }
  function pause() { playing = false; $('play').textContent = '▶'; $('play').setAttribute('data-playing', '0'); }
  function loop(now) {
    if (!playing) return;
    if (startedAt === null) startedAt = now;
    const elapsed = (now - startedAt) / 1000;
    let t = elapsed;
    if (rate > 0) {
      const k = Math.floor((elapsed + 0.001) * rate);
      if (k <= redraws) { requestAnimationFrame(loop); return; }
      redraws = k; t = k / rate;
    }
    const f = frameAt(baseTime + t * speed);
    if (f !== cur) { cur = f; draw(); }
    if (cur >= count - 1) { pause(); return; }
    requestAnimationFrame(loop);
  }
  $('play').addEventListener('click', function () { if (playing) pause(); else play(); });
  $('back').addEventListener('click', function () { pause(); seek(cur - 1); });
  $('fwd').addEventListener('click', function () { pause(); seek(cur + 1); });
  scrub.addEventListener('input', function () { seek(+scrub.value); });
  $('speed').addEventListener('change', function () { speed = +$('speed').value; if (playing) rebase(); });
  $('rate').addEventListener('change', function () { rate = +$('rate').value; if (playing) rebase(); });
  $('paths').addEventListener('change', function () { showPaths = $('paths').checked; draw(); });
  $('outlines').addEventListener('change', function () { showOutlines = $('outlines').checked; draw(); });
  window.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'SELECT') return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight' || e.key === '.') { pause(); seek(cur + step); }
    else if (e.key === 'ArrowLeft' || e.key === ',') { pause(); seek(cur - step); }
    else if (e.key === ' ' || e.key === 'k') { if (playing) pause(); else play(); }
    else if (e.key === 'Home') { pause(); seek(0); }
    else if (e.key === 'End') { pause(); seek(count - 1); }
    else return;
    e.preventDefault();
  }, true);

  // ---- What a test reads back: the drawn elements and the panel, from the page itself ----
  function readback() {
    const attrs = function (e) { const o = {}; for (const a of e.attributes) o[a.name] = a.value; return o; };
    const out = { frame: cur, tick: $('tick').getAttribute('data-index'), tickText: $('tick').textContent, timeText: $('time').textContent, timeBits: $('time').getAttribute('data-bits'), digests: [], drawn: [], panel: [], fingers: [] };
    document.querySelectorAll('#digest [data-run]').forEach(function (s) { out.digests.push({ run: +s.getAttribute('data-run'), text: s.textContent, digest: s.getAttribute('data-digest') }); });
    document.querySelectorAll('#stage [data-item]').forEach(function (e) {
      const transforms = [];
      e.querySelectorAll('[transform]').forEach(function (c) { transforms.push(c.getAttribute('transform')); });
      out.drawn.push({ run: +e.getAttribute('data-run'), item: e.getAttribute('data-item'), tag: e.tagName, attrs: attrs(e), transforms: transforms, display: e.style.display });
    });
    document.querySelectorAll('#items tbody[data-item]').forEach(function (body) {
      data.runs.forEach(function (run, which) {
        const phase = body.querySelector('.phase[data-run="' + which + '"]');
        if (!phase || phase.getAttribute('data-present') !== '1') return;
        const fields = {}, points = [];
        body.querySelectorAll('td[data-field][data-run="' + which + '"]').forEach(function (td) { fields[td.getAttribute('data-field')] = { text: td.textContent, bits: td.getAttribute('data-bits') }; });
        body.querySelectorAll('td.points[data-run="' + which + '"] [data-point]').forEach(function (p) { points.push({ text: p.textContent.replace(/[,;] $/, ''), bits: p.getAttribute('data-bits') }); });
        out.panel.push({ run: which, item: body.getAttribute('data-item'), phase: phase.textContent, fields: fields, points: points });
      });
    });
    document.querySelectorAll('#layer-fingers .finger').forEach(function (e) { out.fingers.push(attrs(e)); });
    out.fingerPaths = [];
    document.querySelectorAll('#layer-fingers .finger-path').forEach(function (e) { out.fingerPaths.push(attrs(e)); });
    out.resting = [];
    document.querySelectorAll('#items tbody.resting [data-item]').forEach(function (e) { out.resting.push({ item: e.getAttribute('data-item'), state: e.getAttribute('data-rest'), stateB: e.getAttribute('data-rest-b'), text: e.textContent }); });
    out.trails = [];
    document.querySelectorAll('#layer-trails [data-trail]').forEach(function (e) { out.trails.push({ run: +e.getAttribute('data-run'), item: e.getAttribute('data-trail'), from: +e.getAttribute('data-from'), points: e.getAttribute('points') }); });
    out.predictions = [];
    document.querySelectorAll('#layer-predictions [data-prediction]').forEach(function (e) { out.predictions.push({ run: +e.getAttribute('data-run'), item: e.getAttribute('data-prediction'), outcome: e.getAttribute('data-outcome'), until: +e.getAttribute('data-until'), tag: e.tagName, attrs: attrs(e) }); });
    out.ghosts = [];
    document.querySelectorAll('#layer-ghosts [data-ghost]').forEach(function (e) { out.ghosts.push({ run: +e.getAttribute('data-run'), item: e.getAttribute('data-ghost'), from: +e.getAttribute('data-from'), tag: e.tagName, attrs: attrs(e) }); });
    out.panelItems = [];
    document.querySelectorAll('#items tbody[data-item]').forEach(function (e) { out.panelItems.push(e.getAttribute('data-item')); });
    return out;
  }

  draw();
  window.flingView = {
    count: count, word: word, rows: data.runs.reduce(function (n, r) { return n + r.rowKind.length; }, 0), seek: function (f) { pause(); seek(f); return cur; }, frame: function () { return cur; },
    play: play, pause: pause, playing: function () { return playing; }, readback: readback, violations: violations,
    timings: timings, loadMs: performance.now() - t0, readyAt: performance.now(), start: cur
  };
  document.body.setAttribute('data-ready', '1');
})();
