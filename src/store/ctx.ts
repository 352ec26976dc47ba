// What every store module needs: the store, the API, the clock, and the hooks that keep the
// connection state (header: live / retrying / offline) in step with what requests do. Declared in
// feature.ts beside the Feature they refer to and that refers to them (one file: no import circle).
export type { Ctx, Platform } from './feature.js';
