// A private CA and a server certificate for 127.0.0.1 signed by it, made with openssl in a
// temporary folder (Node cannot write X.509 certificates): HTTPS and HTTP/2 for tests and benches.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeCerts() {
  const dir = mkdtempSync(join(tmpdir(), 'pipetop-certs-'));
  const ssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=pipetop test CA');
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  ssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext');
  const read = (name) => readFileSync(join(dir, name));
  return { dir, ca: read('ca.pem'), caFile: join(dir, 'ca.pem'), cert: read('server.pem'), key: read('server.key') };
}
