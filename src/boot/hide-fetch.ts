// Imported first by cli.tsx, before Ink. Ink's layout engine, yoga-layout, is WebAssembly inlined as
// base64, and its Emscripten loader fetch()es that as a data: URL whenever a global fetch exists —
// which loads Node's internal copy of undici and percent-decodes ~120 KB in JavaScript: ~35 ms of
// start-up (bench/startup.mjs). Without fetch it decodes the base64 directly. So fetch is hidden
// while the modules load, and restoreFetch(), once main (src/cli.tsx) has loaded them, puts it
// back. (pipetop itself never uses the global fetch: src/api uses undici's request.)
const saved = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
if (saved?.configurable) delete (globalThis as { fetch?: unknown }).fetch;

export function restoreFetch(): void {
  if (saved?.configurable && !('fetch' in globalThis)) Object.defineProperty(globalThis, 'fetch', saved);
}
