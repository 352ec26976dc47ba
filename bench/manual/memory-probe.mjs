// Preloaded into the app by leak-realtime.mjs (node --import): every 30 s, after a GC when exposed,
// appends one JSON line of the app's memory to $PIPETOP_MEMORY_PROBE — RSS and V8's young
// generation among it — without touching the terminal.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.PIPETOP_MEMORY_PROBE;
const MB = 1024 * 1024;
if (file) {
  const t0 = Date.now();
  setInterval(() => {
    global.gc?.();
    const m = process.memoryUsage();
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').physical_space_size;
    appendFileSync(
      file,
      JSON.stringify({
        s: Math.round((Date.now() - t0) / 1000),
        rssMB: m.rss / MB,
        youngMB: young / MB,
        heapUsedMB: m.heapUsed / MB,
        externalMB: (m.external + m.arrayBuffers) / MB,
      }) + '\n',
    );
  }, 30_000).unref();
}
