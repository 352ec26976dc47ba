// The YAML parser, loaded only when a YAML file is actually read: it is a large part of start-up
// otherwise (scripts/build.mjs puts it in its own chunk).
//
// yaml ships CommonJS to Node. Node's ESM loader offers its exports as named exports, but in
// esbuild's bundle a dynamic import() of it has only `default` (the exports object), so
// `const { parse } = await import('yaml')` works in the sources and is undefined in dist/.
// test/config/yaml-bundle.test.ts runs the readers bundled.
export type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const ns = await import('yaml');
  const exports = (ns as { default?: Yaml }).default;
  return exports && typeof exports.parseDocument === 'function' ? exports : ns;
}
