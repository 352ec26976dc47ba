// What other features may use of `:mrs` (eslint/boundaries.mjs: through this file only): nothing
// yet. Its definition, for the app shell alone, is feature.ts.
export {};
