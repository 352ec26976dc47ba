// Removes the code cache directory vitest.config.ts made for this run, once every test is done.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  return () => {
    const dir = process.env.PIPETOP_TEST_CACHE_HOME;
    if (dir?.startsWith(join(tmpdir(), 'pipetop-test-cache-'))) rmSync(dir, { recursive: true, force: true });
  };
}
