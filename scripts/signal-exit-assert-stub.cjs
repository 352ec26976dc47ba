// signal-exit 3 (Ink's exit hook) requires node:assert for one check, assert.equal(typeof cb,
// 'function', message). node:assert is four of Node's internal modules, ~1.8 ms before the first
// frame (bench/startup.mjs); this is the same check without them. scripts/bundle-options.mjs points
// signal-exit's `assert` here, and fails the build if signal-exit uses anything else of it.
'use strict';

exports.equal = function equal(actual, expected, message) {
  // Loose equality, as assert.equal's.
  if (actual != expected) throw new Error(message ?? `${String(actual)} == ${String(expected)}`);
};
