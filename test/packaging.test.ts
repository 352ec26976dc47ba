// `pipetop` as an installed command: what npm packs, the bin it links, and the build step a global
// install of a clone runs. (A real `npm pack` + `npm install -g --prefix <tmp> ./pipetop-0.1.0.tgz`
// needs the registry for the dependencies, so it is not run here; these are the parts it relies on.)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[]; scripts: Record<string, string> };

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe('packaging', () => {
  it('packs the bin and its chunks, and nothing from src or test', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    const files = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    expect(pkg.bin.pipetop).toBe('dist/pipetop.js');
    expect(files).toContain('dist/pipetop.js');
    expect(files.some((f) => f.startsWith('dist/chunks/'))).toBe(true);
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
  });

  it('the bin is an executable node script', () => {
    const bin = join(root, pkg.bin.pipetop!);
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('prepare without the dev dependencies says to run npm install first', () => {
    // What `npm install -g .` in a fresh clone runs: the build, with no node_modules around it.
    scratch = mkdtempSync(join(tmpdir(), 'pipetop-prepare-'));
    cpSync(join(root, 'scripts'), join(scratch, 'scripts'), { recursive: true });
    const script = pkg.scripts.prepare!.replace(/^node /, '');
    const run = spawnSync(process.execPath, [script], { cwd: scratch, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Run `npm install` in this folder first, then `npm install -g .`');
    expect(run.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND/);
  });

  it('the README says how to run the pipetop command, and points at nothing outside the repository', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npx pipetop');
    expect(readme).toContain('npm install -g .');
    expect(readme).toContain('node dist/pipetop.js');
    expect(readme).not.toMatch(/\.\.\/shared|\/work\//);
  });
});
