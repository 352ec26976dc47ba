// Proxies, as other command-line tools honour them: HTTPS_PROXY / HTTP_PROXY (either case) and
// NO_PROXY. undici's EnvHttpProxyAgent does the work; this only decides when it is needed and reads
// the variables from the environment given (so tests need not touch process.env).
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';

export function proxyDispatcher(env: NodeJS.ProcessEnv): Dispatcher | undefined {
  const pick = (name: string) => env[name] || env[name.toLowerCase()] || undefined;
  const httpProxy = pick('HTTP_PROXY');
  const httpsProxy = pick('HTTPS_PROXY');
  if (!httpProxy && !httpsProxy) return undefined;
  const noProxy = pick('NO_PROXY');
  return new EnvHttpProxyAgent({
    ...(httpProxy ? { httpProxy } : {}),
    // Like curl: an https URL with only HTTP_PROXY set goes through that proxy.
    httpsProxy: httpsProxy ?? httpProxy,
    ...(noProxy ? { noProxy } : {}),
  });
}
