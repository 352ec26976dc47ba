// SSH keys of the demo users, as an administrator sees them with GET /keys/:id. The key text is a
// well-formed OpenSSH public key (the wire-format blob), so a client can compute its fingerprint.
import type { Rng } from '../rng.js';
import type { World } from './world.js';

const DAY = 86_400_000;

export function seedKeys(world: World, rng: Rng, history0: number): void {
  for (const user of world.users.values()) {
    const count = user.username === 'release-bot' ? 1 : rng.int(1, 2);
    for (let i = 0; i < count; i++) {
      const ed25519 = i === 0 || rng.chance(0.5);
      world.keys.set(world.counters.key, {
        id: world.counters.key++,
        title: i === 0 ? `${user.username}@laptop` : `${user.username}@ci-deploy`,
        key: `${ed25519 ? ed25519Key(rng) : rsaLikeKey(rng)} ${user.email}`,
        createdAt: history0 - rng.int(1, 300) * DAY,
        expiresAt: i === 1 ? history0 + rng.int(60, 400) * DAY : null,
        userId: user.id,
      });
    }
  }
}

/** Length-prefixed field of the SSH wire format. */
function sshString(data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, data]);
}

function randomBytes(rng: Rng, n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(rng.next() * 256);
  return out;
}

function ed25519Key(rng: Rng): string {
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(randomBytes(rng, 32))]);
  return `ssh-ed25519 ${blob.toString('base64')}`;
}

function rsaLikeKey(rng: Rng): string {
  const modulus = randomBytes(rng, 257);
  modulus[0] = 0; // a positive mpint
  modulus[1]! |= 0x80;
  const blob = Buffer.concat([sshString(Buffer.from('ssh-rsa')), sshString(Buffer.from([1, 0, 1])), sshString(modulus)]);
  return `ssh-rsa ${blob.toString('base64')}`;
}
