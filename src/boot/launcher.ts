#!/usr/bin/env node
// dist/pipetop.js: runs the bundle (dist/chunks/main.js, built from src/cli.tsx) through the chunk
// loader, which keeps V8's compiled code between runs (src/boot/chunk-loader.ts).
import { fileURLToPath } from 'node:url';
import { runEntry } from './chunk-loader.js';

runEntry(fileURLToPath(new URL('./chunks/main.js', import.meta.url)), { debug: process.env.PIPETOP_DEBUG_CODE_CACHE === '1' });
