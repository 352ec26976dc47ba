// Node's built-in modules that nothing before the first frame needs, read on first use instead of
// when the bundle loads (bench/startup.mjs): node:crypto is 17 internal modules, node:http ~10. A
// static import would be a require at the top of its chunk (scripts/build.mjs turns the chunks into
// CommonJS), paid by every start. (Not node:fs/promises: Node loads it, with readline, on any
// require of node:fs from outside Node, which the chunk loader itself makes; nor node:zlib, which
// the launcher loads for its cache names, src/boot/code-cache.ts.)
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';
import type * as Http from 'node:http';

const load = createRequire(import.meta.url);

let crypto: typeof Crypto | undefined;
let http: typeof Http | undefined;

export const nodeCrypto = (): typeof Crypto => (crypto ??= load('node:crypto') as typeof Crypto);
export const nodeHttp = (): typeof Http => (http ??= load('node:http') as typeof Http);
