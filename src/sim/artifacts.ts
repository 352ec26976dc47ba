// Job artifacts as real zip archives (fflate), built deterministically from the job so the size a job
// reports in `artifacts_file` is the size of the bytes the download serves.
import { zipSync, strToU8 } from 'fflate';
import type { SimJob } from './model.js';
import { Rng } from './rng.js';

const cache = new Map<string, Uint8Array>();
const CACHE_LIMIT = 64;
// A fixed date keeps the archive byte-identical across runs (zip stores modification times).
const ZIP_DATE = new Date('2024-01-01T00:00:00Z');

export function artifactZip(seed: number, job: SimJob): Uint8Array {
  const key = `${seed}:${job.id}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rng = new Rng(seed * 31 + job.id);
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const path of job.artifactPaths ?? []) files[path] = [strToU8(fileContent(path, job, rng)), { mtime: ZIP_DATE }];
  const zip = zipSync(files, { level: 6, mtime: ZIP_DATE });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, zip);
  return zip;
}

export function artifactSize(seed: number, job: SimJob): number {
  return artifactZip(seed, job).byteLength;
}

function fileContent(path: string, job: SimJob, rng: Rng): string {
  if (path.endsWith('.xml')) {
    const cases = Array.from(
      { length: rng.int(20, 60) },
      (_, i) => `  <testcase classname="${job.name}" name="case ${i + 1}" time="${(rng.next() * 2).toFixed(3)}"/>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${job.name}" tests="${cases.length}" failures="0">\n${cases.join('\n')}\n</testsuite>\n`;
  }
  if (path.endsWith('.json')) return JSON.stringify({ version: '15.0.0', job: job.id, vulnerabilities: [], scan: { status: 'success' } }, null, 2);
  if (path.endsWith('lcov.info')) {
    return Array.from({ length: rng.int(10, 30) }, (_, i) => `SF:src/module-${i}.ts\nLF:${rng.int(20, 200)}\nLH:${rng.int(10, 20)}\nend_of_record`).join('\n');
  }
  if (path.endsWith('.html')) return `<!doctype html><title>${job.name}</title><p>Built from ${job.sha.slice(0, 8)} by job ${job.id}.</p>\n`;
  // Binary-ish payloads (bundles, tarballs, videos): a few KB of pseudo-random printable bytes.
  let s = `// ${path} from job ${job.id}\n`;
  const n = rng.int(2_000, 12_000);
  while (s.length < n) s += rng.hex(64) + '\n';
  return s;
}
