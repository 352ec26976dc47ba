// The simulator of a bench bundle in a process of its own, its clock frozen and moved by the parent
// (bench/leak.mjs): the parent's memory then holds the app alone, not the simulated world and its
// cache of generated logs. Messages: { type: 'advance', ms } → { type: 'advanced', now };
// { type: 'close' }. Argv: <bundle> <seed> <startTime>.
import { pathToFileURL } from 'node:url';

const [bundle, seed, startTime] = process.argv.slice(2);
const { startSimulator } = await import(pathToFileURL(bundle).href);
const sim = await startSimulator({ seed: Number(seed), speed: 0, startTime: Number(startTime) });
process.on('message', async (m) => {
  if (m.type === 'advance') {
    sim.clock.advance(m.ms);
    sim.sync();
    process.send({ type: 'advanced', now: sim.clock.now() });
  } else if (m.type === 'close') {
    await sim.close();
    process.exit(0);
  }
});
process.send({ type: 'ready', url: sim.url, now: sim.clock.now() });
