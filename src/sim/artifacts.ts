// Job artifacts as real zip archives (fflate), built deterministically from the job so the size a job
// reports in `artifacts_file` is the size of the bytes the download serves.
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { SimJob } from './model.js';
import { Rng } from './rng.js';

const cache = new Map<string, Uint8Array>();
const CACHE_LIMIT = 64;
// A fixed date keeps the archive byte-identical across runs (zip stores modification times).
const ZIP_DATE = new Date('2024-01-01T00:00:00Z');

export function artifactZip(seed: number, job: SimJob): Uint8Array {
  // The paths are part of the key: a test may give a job other files (hostile names) in the same world.
  // So are the name, ref and sha the files quote: another world of the seed (another scale, in the
  // same process) may give the id to another job.
  const key = `${seed}:${job.id}:${job.name}:${job.ref}:${job.sha}:${(job.artifactPaths ?? []).join('\0')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rng = new Rng(seed * 31 + job.id);
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const path of job.artifactPaths ?? []) {
    const content = BINARY.test(path) ? binaryContent(path, rng) : strToU8(fileContent(path, job, rng));
    files[path] = [content, { mtime: ZIP_DATE }];
  }
  const zip = zipSync(files, { level: 6, mtime: ZIP_DATE });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, zip);
  return zip;
}

export function artifactSize(seed: number, job: SimJob): number {
  return artifactZip(seed, job).byteLength;
}

/** Files whose bytes are binary (images, fonts, videos, archives): what a preview must refuse. */
const BINARY = /\.(png|woff2|mp4|gz|cache)$/;

function binaryContent(path: string, rng: Rng): Uint8Array {
  const magic: Record<string, number[]> = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    woff2: [0x77, 0x4f, 0x46, 0x32],
    gz: [0x1f, 0x8b, 0x08, 0x00],
  };
  const head = magic[path.split('.').pop()!] ?? [0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70];
  const bytes = new Uint8Array(rng.int(1_500, 6_000));
  bytes.set(head);
  for (let i = head.length; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
  return bytes;
}

/**
 * A Range header against a body of `size` bytes, as Go's http.ServeContent (Workhorse) and S3 read
 * it: one range `a-b`, `a-` or `-n`; undefined when absent or not one range (the whole body is
 * sent), 'unsatisfiable' past the end (416).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size };
  }
  const start = Number(m[1]);
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size : Math.min(size, Number(m[2]) + 1);
  return end > start ? { start, end } : undefined;
}

/** One file of a job's archive by its exact name, as Workhorse's gitlab-zip-cat finds it; null when not there. */
export function artifactEntry(seed: number, job: SimJob, name: string): Uint8Array | null {
  const files = unzipSync(artifactZip(seed, job), { filter: (f) => f.name === name });
  return files[name] ?? null;
}

/** Go's mime.TypeByExtension for the names the simulator's archives hold (Workhorse's Content-Type). */
export function entryContentType(name: string): string {
  const types: Record<string, string> = {
    html: 'text/html; charset=utf-8',
    css: 'text/css; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    json: 'application/json',
    xml: 'text/xml; charset=utf-8',
    txt: 'text/plain; charset=utf-8',
    png: 'image/png',
    woff2: 'font/woff2',
    mp4: 'video/mp4',
    gz: 'application/gzip',
  };
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (ext && types[ext]) || 'application/octet-stream';
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
  if (path.endsWith('.css')) return `/* ${job.name} */\nbody { margin: 0; font-family: Inter, sans-serif; }\n.header { color: #${rng.hex(6)}; }\n`;
  if (path.endsWith('BUILD_INFO.txt')) return `job: ${job.name} (${job.id})\nref: ${job.ref}\nsha: ${job.sha}\nnode: 20.18.0\n`;
  if (path.endsWith('.html')) return `<!doctype html><title>${job.name}</title><p>Built from ${job.sha.slice(0, 8)} by job ${job.id}.</p>\n`;
  // Binary-ish payloads (bundles, tarballs, videos): a few KB of pseudo-random printable bytes.
  let s = `// ${path} from job ${job.id}\n`;
  const n = rng.int(2_000, 12_000);
  while (s.length < n) s += rng.hex(64) + '\n';
  return s;
}
