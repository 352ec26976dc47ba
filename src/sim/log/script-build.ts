// What build jobs print: tsc and vite.
import { HEAD, RESET, c } from './ansi.js';
import type { Ctx } from './context.js';
import { commitInfo, npmCi, npmScriptFailed } from './fragments.js';
import { LAYERS, MODULES, cap, lpad } from './vocab.js';

export function scriptBuild(x: Ctx): void {
  const { w, r, size } = x;
  if (size !== 'small') commitInfo(x);
  npmCi(x);
  w.customSection('build_app', `${HEAD}Building ${x.projectName}${RESET}`, false, r.chance(0.5), 40);
  const verbose = size === 'huge';
  const tscCmd = verbose ? 'tsc -p tsconfig.build.json --listEmittedFiles' : 'tsc -p tsconfig.build.json';
  if (size === 'small') {
    w.cmd(`npx ${tscCmd} && npx vite build`);
  } else {
    w.cmd('npm run build');
    w.blank();
    w.line(`> ${x.projectName}@${x.version} build`, 400);
    w.line(`> ${tscCmd} && vite build`);
    w.blank();
  }
  if (verbose) {
    // A verbose build: tsc lists every emitted file (thousands of lines in a big repo).
    const n = r.int(3000, 7000);
    for (let i = 0; i < n; i++) {
      const mod = r.pick(MODULES);
      const ext = r.chance(0.5) ? 'js' : r.chance(0.6) ? 'd.ts' : 'js.map';
      w.line(`TSFILE: ${x.buildDir}/dist/${mod}/${r.pick(LAYERS)}/${mod}-${r.pick(LAYERS)}-${i}.${ext}`, r.int(0, 12));
    }
  }
  if (x.fail) {
    const errors = r.int(1, size === 'small' ? 1 : 4);
    for (let i = 0; i < errors; i++) {
      const mod = r.pick(MODULES);
      const file = `src/${mod}/${mod}.${r.pick(LAYERS)}.ts`;
      const msg = r.pick([
        `error TS2322: Type 'string | undefined' is not assignable to type 'string'.`,
        `error TS2339: Property 'totl' does not exist on type '${cap(mod)}'.`,
        `error TS2345: Argument of type 'number' is not assignable to parameter of type 'Money'.`,
        `error TS7006: Parameter 'item' implicitly has an 'any' type.`,
      ]);
      w.line(`${file}(${r.int(3, 400)},${r.int(1, 60)}): ${msg}`, i === 0 ? r.int(5000, 20000) : 10);
      if (msg.includes('undefined')) w.line(`  Type 'undefined' is not assignable to type 'string'.`);
    }
    npmScriptFailed(x, 'build', `${tscCmd} && vite build`, 2);
    w.end('build_app');
    return;
  }
  w.line(`${c.cyan('vite v5.4.11')} ${c.green('building for production...')}`, r.int(5000, 20000));
  const modules = r.int(400, 2600);
  const frames: string[] = [];
  for (let i = 1, n = r.int(4, 9); i <= n; i++) {
    const mod = r.pick(MODULES);
    frames.push(`transforming (${Math.round((modules * i) / (n + 1))}) src/${mod}/${mod}.${r.pick(LAYERS)}.ts`);
  }
  w.progress(frames, r.int(4000, 15000));
  w.line(`${c.green('✓')} ${modules} modules transformed.`);
  if (size !== 'small') {
    w.line('rendering chunks...', r.int(500, 3000));
    w.line('computing gzip size...', r.int(200, 900));
  }
  const chunks = size === 'small' ? 2 : r.int(5, verbose ? 60 : 18);
  w.line(`${c.dim('dist/')}${c.green('index.html')}${' '.repeat(30)}${c.bold(' 0.46 kB')}${c.dim(' │ gzip:  0.30 kB')}`);
  for (let i = 0; i < chunks; i++) {
    const name = i === 0 ? 'index' : i === 1 ? 'vendor' : r.pick(MODULES);
    const css = i > 0 && r.chance(0.2);
    const kb = (r.next() * (i === 1 ? 600 : 90) + 0.5).toFixed(2);
    const file = `${name}-${r.alnum(8)}.${css ? 'css' : 'js'}`;
    w.line(
      `${c.dim('dist/assets/')}${css ? c.yellow(file) : c.cyan(file)}${' '.repeat(Math.max(1, 30 - file.length))}${c.bold(lpad(kb, 8) + ' kB')}${c.dim(` │ gzip: ${lpad((Number(kb) / 3.2).toFixed(2), 7)} kB`)}`,
      r.int(0, 30),
    );
  }
  if (size !== 'small' && r.chance(0.35)) {
    w.line(c.yellow('(!) Some chunks are larger than 500 kB after minification. Consider:'));
    w.line(c.yellow('- Using dynamic import() to code-split the application'));
    w.line(c.yellow('- Use build.rollupOptions.output.manualChunks to improve chunking: https://rollupjs.org/configuration-options/#output-manualchunks'));
  }
  w.line(`${c.green(`✓ built in ${(r.next() * 30 + 3).toFixed(2)}s`)}`, 100);
  w.end('build_app');
}
