// Proxies, as other command-line tools honour them: HTTPS_PROXY / HTTP_PROXY (either case) and
// NO_PROXY. undici's EnvHttpProxyAgent does the work; this only decides when it is needed and reads
// the variables from the environment given (so tests need not touch process.env). undici is imported
// only when a proxy is set, so start-up without one does not load it (see transport.ts).
import type { Dispatcher } from 'undici';
import { loadUndici } from './transport.js';

export async function proxyDispatcher(env: NodeJS.ProcessEnv): Promise<Dispatcher | undefined> {
  const pick = (name: string) => env[name] || env[name.toLowerCase()] || undefined;
  const httpProxy = pick('HTTP_PROXY');
  const httpsProxy = pick('HTTPS_PROXY');
  if (!httpProxy && !httpsProxy) return undefined;
  const noProxy = pick('NO_PROXY');
  const { EnvHttpProxyAgent } = await loadUndici();
  return new EnvHttpProxyAgent({
    ...(httpProxy ? { httpProxy } : {}),
    // Like curl: an https URL with only HTTP_PROXY set goes through that proxy.
    httpsProxy: httpsProxy ?? httpProxy,
    ...(noProxy ? { noProxy } : {}),
  });
}
