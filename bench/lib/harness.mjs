// Shared by bench/cost.mjs and bench/leak.mjs: the real app (store + controller + <App/> rendered by
// Ink to a stream that discards its output) against an in-process simulator, on a virtual clock.
//
// Virtual time: the global setTimeout/setInterval (and clear*) are replaced, before the app's code
// is loaded, by timers that fire only when the bench advances a virtual clock; every advance moves
// the simulator's clock (started at speed 0) by the same amount at the same moment. So the app
// polls exactly as it would in real time — a 3 s poll fires after 3 virtual seconds, the simulated
// world having moved 3 s too — while the bench runs as fast as the requests allow. The bench moves
// time in small steps and, after each one, waits for every request in flight (counted by an undici
// interceptor) to finish, so no request "takes" virtual time. Timers kept: setImmediate and
// node:timers/promises (the client's retry sleep) stay real; Date.now stays real (the app reads the
// time from the simulator's clock, `now: () => sim.clock.now()`, as the test rig does).
//
// Bytes "on the wire": each client talks to the simulator through its own TCP proxy, which counts
// every byte each way — status lines, headers and (gzip-compressed, when sent so) bodies.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const real = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate };
export const realSleep = (ms) => new Promise((resolve) => real.setTimeout(resolve, ms));
export const realImmediate = () => new Promise((resolve) => real.setImmediate(resolve));

// ------------------------------------------------------------------------------------------------
// Virtual timers.

class VirtualTimer {
  constructor(clock, id, entry) {
    this.clock = clock;
    this.id = id;
    this.entry = entry;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  hasRef() {
    return true;
  }
  /** As Node's: re-arms the timer from now, even one that has fired (undici's ticker relies on it). */
  refresh() {
    const t = this.entry;
    if (t.cleared) return this;
    t.at = this.clock.now + t.delay;
    t.seq = ++this.clock.seq;
    this.clock.timers.set(this.id, t);
    return this;
  }
  close() {
    this.entry.cleared = true;
    this.clock.timers.delete(this.id);
    return this;
  }
  [Symbol.toPrimitive]() {
    return this.id;
  }
}

/**
 * Replaces the global timers. `onAdvance(ms)` is called every time virtual time moves (before the
 * timers due at the new time fire), so the simulator's clock follows in lockstep.
 */
export function installVirtualTimers(onAdvance) {
  const clock = { now: 0, seq: 0, timers: new Map(), fired: 0 };
  const add = (fn, delay, args, repeat) => {
    if (typeof fn !== 'function') throw new TypeError('callback must be a function');
    const ms = Math.max(1, Math.floor(Number(delay) || 0));
    const id = ++clock.seq;
    const entry = { fn, args, delay: ms, at: clock.now + ms, seq: id, repeat };
    clock.timers.set(id, entry);
    return new VirtualTimer(clock, id, entry);
  };
  const clear = (handle, realClear) => {
    if (handle instanceof VirtualTimer) {
      handle.entry.cleared = true;
      clock.timers.delete(handle.id);
    } else if (typeof handle === 'number' && clock.timers.has(handle)) {
      clock.timers.get(handle).cleared = true;
      clock.timers.delete(handle);
    } else if (handle) realClear(handle);
  };
  globalThis.setTimeout = (fn, delay, ...args) => add(fn, delay, args, false);
  globalThis.setInterval = (fn, delay, ...args) => add(fn, delay, args, true);
  globalThis.clearTimeout = (h) => clear(h, real.clearTimeout);
  globalThis.clearInterval = (h) => clear(h, real.clearInterval);

  const moveTo = (t) => {
    if (t > clock.now) {
      const d = t - clock.now;
      clock.now = t;
      onAdvance(d);
    }
  };
  return {
    get now() {
      return clock.now;
    },
    get pending() {
      return clock.timers.size;
    },
    get fired() {
      return clock.fired;
    },
    /** Moves virtual time forward by `ms`, firing due timers in order (a real turn of the loop after each). */
    async advance(ms) {
      const target = clock.now + ms;
      for (;;) {
        let next = null;
        for (const [id, t] of clock.timers) if (t.at <= target && (!next || t.at < next[1].at || (t.at === next[1].at && t.seq < next[1].seq))) next = [id, t];
        if (!next) break;
        const [id, t] = next;
        moveTo(t.at);
        if (t.repeat) {
          t.at += t.delay;
          t.seq = ++clock.seq;
        } else clock.timers.delete(id);
        clock.fired++;
        try {
          t.fn(...t.args);
        } catch (error) {
          console.error('timer callback threw:', error);
        }
        await realImmediate();
      }
      moveTo(target);
    },
    uninstall() {
      Object.assign(globalThis, {
        setTimeout: real.setTimeout,
        clearTimeout: real.clearTimeout,
        setInterval: real.setInterval,
        clearInterval: real.clearInterval,
      });
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Counting: bytes at a TCP proxy, requests in flight at an undici interceptor.

/** A TCP proxy to `port` on 127.0.0.1 that counts bytes each way (everything: headers too). */
export async function countingProxy(port, { tls = false } = {}) {
  const bytes = { up: 0, down: 0, connections: 0 };
  const sockets = new Set();
  const server = createServer((client) => {
    bytes.connections++;
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    client.on('data', (d) => {
      bytes.up += d.length;
      upstream.write(d);
    });
    upstream.on('data', (d) => {
      bytes.down += d.length;
      client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${server.address().port}`,
    bytes,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * An undici Agent that counts requests dispatched and finished. For the app, a request is finished
 * only when its client has decoded the body (the client's onExchange hook: pass `state.exchanged`),
 * since the gunzip runs on the thread pool after undici is done; `busy()` says whether any is left.
 */
export async function countingAgent({ finishedByExchange = false, h2 = null } = {}) {
  const { Agent } = await import('undici');
  const state = {
    dispatched: 0,
    completed: 0,
    reported: 0,
    /** Response body bytes as received (compressed when sent so): the app's from onExchange, others' from `body()`. */
    bodyBytes: 0,
    exchanged: (entry) => {
      state.reported++;
      state.bodyBytes += entry?.bytes ?? 0;
    },
    body: (n) => {
      state.bodyBytes += n;
    },
    busy: () => state.dispatched > (finishedByExchange ? state.reported : state.completed),
  };
  const ENDS = new Set(['onComplete', 'onError', 'onResponseEnd', 'onResponseError']);
  // h2: { ca } — HTTP/2 by ALPN over TLS, trusting the bench's CA (the app's own dispatcher allows H2).
  const agent = new Agent(h2 ? { allowH2: true, connect: { ca: h2.ca } } : {}).compose((dispatch) => (opts, handler) => {
    state.dispatched++;
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        state.completed++;
      }
    };
    const wrapped = new Proxy(handler, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (ENDS.has(prop)) {
          return (...args) => {
            finish();
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    try {
      return dispatch(opts, wrapped);
    } catch (error) {
      finish();
      throw error;
    }
  });
  return { agent, state };
}

/**
 * Waits (real time) until no request is in flight and none was started over a few turns of the
 * event loop and a real millisecond (file and zlib work on the thread pool gets its turn).
 */
export async function settle(states, limitMs = 30_000) {
  const busy = () => states.some((s) => s.busy());
  const started = () => states.reduce((n, s) => n + s.dispatched, 0);
  const deadline = Date.now() + limitMs;
  for (;;) {
    await realImmediate();
    if (!busy()) {
      const before = started();
      await realSleep(1);
      await realImmediate();
      if (!busy() && started() === before) return;
    } else await realSleep(1);
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${limitMs / 1000} s of real time`);
  }
}

// ------------------------------------------------------------------------------------------------
// The app, bundled from src/ by esbuild with the options of the shipped bundle
// (scripts/bundle-options.mjs: React's production build, Ink patched as it ships), into a temporary
// .mjs. Load it after installVirtualTimers(), so every module finds the virtual timers.

export async function loadApp({ keep = false } = {}) {
  const { build } = await import('esbuild');
  // BUNDLE_OPTIONS=<file>: another bundle-options module (experiments with the shipped patches).
  const { bundleOptions } = await import(process.env.BUNDLE_OPTIONS ? pathToFileURL(process.env.BUNDLE_OPTIONS).href : '../../scripts/bundle-options.mjs');
  const outfile = join(tmpdir(), `pipetop-bench-app-${process.pid}.mjs`);
  await build({
    ...bundleOptions,
    stdin: {
      contents: [
        "export { startSimulator, DEMO_TOKENS } from './src/sim/index.ts';",
        "export { traceBytes } from './src/sim/trace.ts';",
        "export { createGitLab } from './src/api/index.ts';",
        "export { createApp } from './src/app/create.tsx';",
        "export { createTheme } from './src/ui/theme.ts';",
        "export { attachKeyReader } from './src/input/index.ts';",
        "export { render } from 'ink';",
        "export { createElement } from 'react';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
  });
  // Ink renders every frame (no CI mode).
  delete process.env.CI;
  const remove = () => rmSync(outfile, { force: true });
  if (keep) return { app: await import(pathToFileURL(outfile).href), file: outfile, remove };
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    remove();
  }
}

class NullStdout extends Writable {
  columns = 100;
  rows = 30;
  isTTY = true;
  frames = 0;
  _write(_chunk, _encoding, callback) {
    this.frames++;
    callback();
  }
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  data = null;
  write(data) {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
}

/**
 * Starts the app as src/tui.tsx does (default poll timing), on `stack` (the panes the user went
 * through, the last in front), with Ink writing frames to a stream that discards them.
 */
export async function startApp(app, { now, baseUrl, agent, stack }) {
  // The app as src/tui.tsx builds it (src/app/create.tsx), its requests through the counting agent.
  const built = app.createApp({
    gitlab: { baseUrl, token: app.DEMO_TOKENS.user, userAgent: 'pipetop/bench', dispatcher: agent.agent, onExchange: agent.state.exchanged },
    config: { host: '127.0.0.1', demo: true, readOnly: false },
    first: stack[0],
    now,
    platform: { openUrl: async () => ({ opened: false, message: '' }), copy: () => {}, downloadDir: root },
  });
  const { gl, store, controller } = built;
  if (stack.length > 1) store.setState({ stack });
  await controller.start();
  const stdout = new NullStdout();
  const stdin = new FakeStdin();
  const tree = built.view(app.createTheme({ NO_COLOR: '1' }));
  // As src/tui.tsx: the store's viewport follows the terminal's size.
  built.watchTerminal(stdout);
  const ink = app.render(tree, { stdout, stderr: new NullStdout(), stdin: new FakeStdin(), exitOnCtrlC: false, patchConsole: false, maxFps: 30 });
  // Keys as src/tui.tsx reads them: src/input's reader, each key to the controller.
  const reader = app.attachKeyReader(stdin, (event) => controller.handleKey(event));
  return {
    gl,
    store,
    controller,
    stdout,
    press: (key) => stdin.write(key),
    stop() {
      reader.dispose();
      ink.unmount();
      controller.stop();
    },
  };
}

export function machine() {
  return import('node:os').then(({ cpus, loadavg, totalmem }) => ({
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    loadAverage1m: loadavg()[0],
  }));
}

/** `pipetop sim` from the built bundle in a process of its own, on a free port: its process and URL. */
export async function spawnSimulator(bundle) {
  const sim = spawn(process.execPath, [bundle, 'sim', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve) => {
    let out = '';
    sim.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) resolve(m[0]);
    });
  });
  return { sim, url };
}
