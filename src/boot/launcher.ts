#!/usr/bin/env node
// dist/pipetop.js: runs the bundle (dist/chunks/main.js, built from src/cli.tsx) through the chunk
// loader, which keeps V8's compiled code between runs (src/boot/chunk-loader.ts).
//
// It is CommonJS (dist/package.json says so; scripts/build.mjs writes it): an ES module entry makes
// Node set up its ES module loader (~10 internal modules) before anything runs, and nothing here
// needs it — the chunks are scripts the loader compiles itself.
import { join } from 'node:path';
import { runEntry } from './chunk-loader.js';

runEntry(join(__dirname, 'chunks', 'main.js'), { debug: process.env.PIPETOP_DEBUG_CODE_CACHE === '1' });
