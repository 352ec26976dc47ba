// What other features may use of this one (eslint/boundaries.mjs: through this file only): nothing
// so far. Its definition, for the app shell alone, is feature.ts.
export {};
