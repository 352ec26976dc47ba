// SSH public key fingerprints, computed from the key text as `ssh-keygen -lf` does: SHA256 of the
// decoded wire-format blob, base64 without padding; plus the legacy MD5 form GitLab also shows, and
// the key type and size read from the blob. No React, no I/O.
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

// node:crypto when a key is first shown, not with the bundle (src/lib/builtins.ts says why; src/text
// imports nothing of the app's).
let crypto: typeof Crypto | undefined;
const nodeCrypto = (): typeof Crypto => (crypto ??= createRequire(import.meta.url)('node:crypto') as typeof Crypto);

export interface SshKeyInfo {
  /** `SHA256:<base64, no padding>` — what `ssh-keygen -lf` prints by default. */
  sha256: string;
  /** `MD5:aa:bb:…` — what older GitLab and `ssh-keygen -E md5 -lf` show. */
  md5: string;
  /** The type named inside the blob, e.g. `ssh-ed25519`. */
  type: string;
  /** What ssh-keygen prints in brackets: ED25519, RSA, ECDSA, DSA, … */
  label: string;
  /** Key size in bits, when the blob says (RSA modulus, DSA p, curve size); null if unknown. */
  bits: number | null;
  /** The comment after the key data (often an email), or ''. */
  comment: string;
}

/** Reads `<type> <base64> [comment]` (an authorized_keys line without options). Null when it is not one. */
export function sshKeyInfo(text: string): SshKeyInfo | null {
  if (typeof text !== 'string') return null;
  const parts = text.trim().split(/\s+/);
  // An optional leading options field (authorized_keys) is skipped: the key type comes first.
  const at = parts.findIndex((p, i) => i + 1 < parts.length && /^(ssh-|ecdsa-|sk-)/.test(p) && /^[A-Za-z0-9+/]+={0,3}$/.test(parts[i + 1]!));
  if (at < 0) return null;
  const b64 = parts[at + 1]!;
  const blob = Buffer.from(b64, 'base64');
  // A blob that does not round-trip was not base64 (Buffer.from ignores junk silently).
  if (blob.length < 8 || blob.toString('base64').replace(/=+$/, '') !== b64.replace(/=+$/, '')) return null;
  const fields = readStrings(blob);
  const type = fields[0]?.toString('latin1') ?? '';
  if (!type || type !== parts[at]) return null;
  const sha256 = `SHA256:${nodeCrypto().createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  const md5 = `MD5:${(nodeCrypto().createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':')}`;
  const { label, bits } = describe(type, fields);
  return { sha256, md5, type, label, bits, comment: parts.slice(at + 2).join(' ') };
}

/** `256 SHA256:… comment (ED25519)`: the line `ssh-keygen -lf` prints. */
export function keygenLine(info: SshKeyInfo): string {
  return `${info.bits ?? '?'} ${info.sha256} ${info.comment || 'no comment'} (${info.label})`;
}

/** The length-prefixed strings of the SSH wire format, until the blob ends or is malformed. */
function readStrings(blob: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at + 4 <= blob.length && out.length < 8) {
    const len = blob.readUInt32BE(at);
    if (at + 4 + len > blob.length) break;
    out.push(blob.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return out;
}

/** Bits of an mpint: its magnitude without the sign-padding zero bytes. */
function mpintBits(n: Buffer | undefined): number | null {
  if (!n || n.length === 0) return null;
  let i = 0;
  while (i < n.length && n[i] === 0) i++;
  if (i === n.length) return 0;
  return (n.length - i - 1) * 8 + (32 - Math.clz32(n[i]!));
}

const CURVE_BITS: Record<string, number> = { nistp256: 256, nistp384: 384, nistp521: 521 };

function describe(type: string, fields: Buffer[]): { label: string; bits: number | null } {
  const base = type.replace(/-cert-v01@openssh\.com$/, '');
  if (base === 'ssh-rsa') return { label: 'RSA', bits: mpintBits(fields[2]) };
  if (base === 'ssh-dss') return { label: 'DSA', bits: mpintBits(fields[1]) };
  if (base === 'ssh-ed25519') return { label: 'ED25519', bits: 256 };
  if (base === 'sk-ssh-ed25519@openssh.com') return { label: 'ED25519-SK', bits: 256 };
  if (base === 'ssh-ed448') return { label: 'ED448', bits: 456 };
  const ecdsa = /^(sk-)?ecdsa-sha2-(nistp\d+)/.exec(base);
  if (ecdsa) return { label: ecdsa[1] ? 'ECDSA-SK' : 'ECDSA', bits: CURVE_BITS[ecdsa[2]!] ?? null };
  return { label: base.toUpperCase(), bits: null };
}
