// What deploy and docker jobs print: rsync/ssh/health checks, BuildKit steps and registry pushes.
import { HEAD, RESET, c } from './ansi.js';
import { sectionName, type Ctx } from './context.js';
import { LAYERS, MODULES, lpad } from './vocab.js';

export function scriptDeploy(x: Ctx): void {
  const { w, r, size } = x;
  const host = `web-${r.int(1, 4)}.${sectionName(x.env).toLowerCase()}.internal`;
  const url = `https://${sectionName(x.env).toLowerCase().replace(/_/g, '-')}.${x.projectName}.example.com`;
  w.cmd('apk add --no-cache curl rsync openssh-client');
  w.line('fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/main/x86_64/APKINDEX.tar.gz', r.int(300, 1500));
  w.line('fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/community/x86_64/APKINDEX.tar.gz', r.int(200, 900));
  if (size !== 'small') {
    const apk = [
      'ca-certificates (20240705-r0)',
      'brotli-libs (1.1.0-r2)',
      'c-ares (1.33.1-r0)',
      'libunistring (1.2-r0)',
      'libidn2 (2.3.7-r0)',
      'nghttp2-libs (1.62.1-r0)',
      'libpsl (0.21.5-r1)',
      'libcurl (8.11.0-r2)',
      'curl (8.11.0-r2)',
      'openssh-client-common (9.7_p1-r4)',
      'openssh-client-default (9.7_p1-r4)',
      'lz4-libs (1.9.4-r5)',
      'popt (1.19-r3)',
      'rsync (3.3.0-r0)',
    ];
    apk.forEach((p, i) => w.line(`(${i + 1}/${apk.length}) Installing ${p}`, r.int(20, 300)));
    w.line('Executing busybox-1.36.1-r29.trigger', 50);
    w.line('Executing ca-certificates-20240705-r0.trigger', 80);
  }
  w.line(`OK: ${r.int(12, 20)} MiB in ${r.int(20, 30)} packages`, 60);
  w.cmd('echo "Deploying $CI_COMMIT_SHORT_SHA to $CI_ENVIRONMENT_NAME"');
  w.line(`Deploying ${x.short} to ${x.env}`);
  const sec = `deploy_${sectionName(x.env)}`;
  w.customSection(sec, `${HEAD}Deploying to ${x.env}${RESET}`, false, true, 30);
  w.customSection('upload_release', 'Uploading release bundle', true, true, 20);
  const dest = `deploy@${host}:/srv/${x.projectName}/releases/${x.short}/`;
  if (size === 'huge') {
    w.cmd(`rsync -av --delete dist/ ${dest}`);
    w.line('sending incremental file list', r.int(500, 2000));
    const n = r.int(3000, 7000);
    for (let i = 0; i < n; i++) {
      const mod = r.pick(MODULES);
      const kind = r.pick(['assets/img', 'assets/js', 'assets/css', 'locales', 'assets/fonts']);
      const ext = kind === 'assets/img' ? 'webp' : kind === 'assets/js' ? 'js' : kind === 'assets/css' ? 'css' : kind === 'locales' ? 'json' : 'woff2';
      w.line(`${kind}/${mod}-${r.alnum(8)}-${i}.${ext}`, r.int(1, 25));
    }
    w.blank();
    const bytes = r.int(50_000_000, 900_000_000);
    w.line(
      `sent ${bytes.toLocaleString('en-US')} bytes  received ${r.int(10_000, 90_000).toLocaleString('en-US')} bytes  ${(bytes / r.int(20, 200)).toLocaleString('en-US', { maximumFractionDigits: 2 })} bytes/sec`,
      r.int(200, 1000),
    );
    w.line(`total size is ${(bytes * 1.02).toLocaleString('en-US', { maximumFractionDigits: 0 })}  speedup is 1.02`);
  } else {
    w.cmd(`rsync -az --delete --info=progress2 dist/ ${dest}`);
    const total = r.int(8_000_000, 90_000_000);
    const frames: string[] = [];
    for (let p = 0; p <= 100; p += r.int(7, 20)) {
      frames.push(
        `${lpad(Math.round((total * p) / 100).toLocaleString('en-US'), 14)} ${lpad(p, 3)}%   ${(r.next() * 40 + 2).toFixed(2)}MB/s    0:00:${String(r.int(0, 9)).padStart(2, '0')}`,
      );
    }
    frames.push(
      `${lpad(total.toLocaleString('en-US'), 14)} 100%   ${(r.next() * 40 + 2).toFixed(2)}MB/s    0:00:${String(r.int(3, 30)).padStart(2, '0')} (xfr#${r.int(40, 900)}, to-chk=0/${r.int(900, 1200)})`,
    );
    w.progress(frames, r.int(3000, 20000));
  }
  w.end('upload_release');
  w.cmd(`ssh deploy@${host} "ln -sfn /srv/${x.projectName}/releases/${x.short} /srv/${x.projectName}/current && sudo systemctl reload nginx"`);
  w.stderr(`Warning: Permanently added '${host}' (ED25519) to the list of known hosts.`, r.int(500, 2000));
  w.customSection('healthcheck', 'Health check', false, false, 30);
  w.cmd(`./scripts/healthcheck.sh ${url}/healthz`);
  if (x.fail) {
    const attempts = r.int(3, 5);
    for (let i = 1; i <= attempts; i++) {
      w.line(`→ GET ${url}/healthz … ${c.red('502 Bad Gateway')} (attempt ${i}/${attempts})`, r.int(2000, 6000));
    }
    w.stderr(c.red(`✗ health check failed after ${attempts} attempts`), 50);
    w.line('Rolling back to the previous release…', 100);
    w.line(`→ current -> /srv/${x.projectName}/releases/${r.hex(8)}`, r.int(500, 2000));
    w.end('healthcheck');
    w.end(sec);
    return;
  }
  w.line(`→ GET ${url}/healthz … ${c.green('200 OK')} (${r.int(40, 400)} ms)`, r.int(1000, 4000));
  w.line(c.green('✓ healthy after 1 attempt(s)'));
  w.end('healthcheck');
  w.end(sec);
  w.line(`🚀 Deployed ${x.projectName}@${x.short} to ${x.env} — ${url}`, 20);
}

/** `docker build --progress=plain`: BuildKit's numbered step output. */
export function dockerBuildPlain(x: Ctx, image: string): void {
  const { w, r, size } = x;
  let step = 0;
  const bk = (lines: string[], cost: number) => {
    step++;
    lines.forEach((l, i) => w.line(`#${step} ${l}`, i === lines.length - 1 ? cost : r.int(0, 40)));
    w.blank();
  };
  w.line('#0 building with "default" instance using docker driver', r.int(200, 800));
  w.blank();
  bk(['[internal] load build definition from Dockerfile', `transferring dockerfile: ${r.int(300, 1500)}B done`, 'DONE 0.0s'], 30);
  bk(['[internal] load metadata for docker.io/library/node:20-alpine', `DONE ${(r.next() * 2 + 0.3).toFixed(1)}s`], r.int(300, 2000));
  bk(['[internal] load .dockerignore', 'transferring context: 2B done', 'DONE 0.0s'], 20);
  bk(
    [`[build 1/6] FROM docker.io/library/node:20-alpine@sha256:${r.hex(64)}`, `resolve docker.io/library/node:20-alpine@sha256:${r.hex(64)} done`, 'DONE 0.0s'],
    100,
  );
  bk(
    ['[internal] load build context', `transferring context: ${(r.next() * 20 + 1).toFixed(2)}MB ${(r.next() * 2).toFixed(1)}s done`, 'DONE 0.9s'],
    r.int(500, 2000),
  );
  bk(['[build 2/6] WORKDIR /app', 'DONE 0.1s'], 100);
  bk(['[build 3/6] COPY package.json package-lock.json ./', 'DONE 0.1s'], 100);
  const pkgs = r.int(600, 1900);
  bk(
    [
      '[build 4/6] RUN npm ci',
      `${(r.next() * 20 + 5).toFixed(3)} added ${pkgs} packages, and audited ${pkgs + 1} packages in ${r.int(9, 40)}s`,
      `DONE ${r.int(10, 45)}.${r.int(0, 9)}s`,
    ],
    r.int(10000, 45000),
  );
  bk(['[build 5/6] COPY . .', 'DONE 0.3s'], 300);
  step++;
  const buildStep = step;
  w.line(`#${buildStep} [build 6/6] RUN npm run build`, 50);
  const t0 = r.next() * 2 + 0.4;
  let t = t0;
  const out = (s: string, cost: number) => {
    t += r.next() * 0.05;
    w.line(`#${buildStep} ${t.toFixed(3)} ${s}`, cost);
  };
  out('', 10);
  out(`> ${x.projectName}@${x.version} build`, 10);
  out('> vite build', 10);
  out('', 10);
  out('vite v5.4.11 building for production...', r.int(1000, 4000));
  if (size === 'huge') {
    const n = r.int(3000, 7000);
    for (let i = 0; i < n; i++) {
      const mod = r.pick(MODULES);
      out(`[vite] transformed src/${mod}/${mod}.${r.pick(LAYERS)}.ts`, r.int(1, 12));
    }
  }
  if (x.fail) {
    out(`x Build failed in ${(r.next() * 9 + 1).toFixed(2)}s`, r.int(3000, 10000));
    const mod = r.pick(MODULES);
    out(`error during build:`, 10);
    out(`[vite:esbuild] Transform failed with 1 error:`, 10);
    out(`${x.buildDir.replace(/^.*\//, '/app/')}/src/${mod}/${mod}.service.ts:${r.int(10, 200)}:${r.int(1, 40)}: ERROR: Expected ";" but found ")"`, 10);
    w.line(`#${buildStep} ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1`, 50, true);
    w.line('------', 0, true);
    w.line(' > [build 6/6] RUN npm run build:', 0, true);
    w.line('------', 0, true);
    w.line('Dockerfile:14', 0, true);
    w.line('--------------------', 0, true);
    w.line('  13 |     COPY . .', 0, true);
    w.line('  14 | >>> RUN npm run build', 0, true);
    w.line('  15 |     ', 0, true);
    w.line('--------------------', 0, true);
    w.line('ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1', 0, true);
    w.end('docker_build');
    w.end('release_image');
    return;
  }
  out(`✓ ${r.int(400, 2600)} modules transformed.`, r.int(3000, 12000));
  out(`✓ built in ${(r.next() * 20 + 3).toFixed(2)}s`, 200);
  w.line(`#${buildStep} DONE ${(t + r.next() * 10).toFixed(1)}s`, 50);
  w.blank();
  const digest = r.hex(64);
  bk(
    [
      'exporting to image',
      `exporting layers ${(r.next() * 4 + 0.5).toFixed(1)}s done`,
      `writing image sha256:${digest} done`,
      `naming to ${image}:${x.short} done`,
      `DONE ${(r.next() * 4 + 0.6).toFixed(1)}s`,
    ],
    r.int(1000, 5000),
  );
}

export function scriptDocker(x: Ctx): void {
  const { w, r, size } = x;
  const image = `${x.registry}/${x.projectPath}`;
  w.cmd('docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" "$CI_REGISTRY"');
  w.stderr('WARNING! Using --password via the CLI is insecure. Use --password-stdin.', r.int(300, 1500));
  if (size !== 'small') {
    w.stderr('WARNING! Your password will be stored unencrypted in /root/.docker/config.json.');
    w.stderr('Configure a credential helper to remove this warning. See');
    w.stderr('https://docs.docker.com/engine/reference/commandline/login/#credential-stores');
    w.blank();
  }
  w.line('Login Succeeded', 100);
  w.customSection('release_image', `${HEAD}Building and pushing the image${RESET}`, false, true, 20);
  w.customSection('docker_build', 'docker build', true, true, 20);
  if (size === 'small') {
    // A quiet build prints only the image id (or the error).
    w.cmd(`docker build --quiet -t "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA" .`);
    if (x.fail) {
      w.stderr('ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1', r.int(10000, 60000));
      w.end('docker_build');
      w.end('release_image');
      return;
    }
    w.line(`sha256:${r.hex(64)}`, r.int(10000, 60000));
  } else {
    w.cmd(`docker build --pull --progress=plain -t "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA" .`);
    dockerBuildPlain(x, image);
    if (x.fail) return;
  }
  w.end('docker_build');
  w.customSection('docker_push', 'docker push', true, true, 20);
  w.cmd(`docker push "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA"`);
  w.line(`The push refers to repository [${image}]`, r.int(300, 1500));
  const layers = Array.from({ length: size === 'small' ? 2 : r.int(5, 9) }, () => r.hex(12));
  if (size !== 'small') for (const l of layers) w.line(`${l}: Preparing`, r.int(0, 30));
  for (const l of layers) {
    if (r.chance(0.4)) {
      w.line(`${l}: Layer already exists`, r.int(100, 600));
      continue;
    }
    const mb = r.next() * 80 + 1;
    const frames: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const done = Math.round((50 * p) / 5);
      frames.push(`${l}: Pushing [${'='.repeat(Math.max(0, done - 1))}>${' '.repeat(50 - done)}]  ${((mb * p) / 5).toFixed(1)}MB/${mb.toFixed(1)}MB`);
    }
    w.progress(frames, r.int(500, 6000));
    w.line(`${l}: Pushed`, 50);
  }
  w.line(`${x.short}: digest: sha256:${r.hex(64)} size: ${r.int(1200, 2900)}`, r.int(300, 1500));
  w.end('docker_push');
  w.end('release_image');
}
