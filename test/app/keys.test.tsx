// The administrator's SSH key lookup (`:key <id>`) against the simulator, with both tokens: the key
// (fingerprint as ssh-keygen prints it, computed here independently), its owner's administrator
// view; a non-administrator and an unknown id each get a clear message.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

/** `SHA256:` + unpadded base64 of the sha256 of the decoded key blob: `ssh-keygen -lf`. */
const fingerprint = (key: string) =>
  `SHA256:${createHash('sha256')
    .update(Buffer.from(key.split(/\s+/)[1]!, 'base64'))
    .digest('base64')
    .replace(/=+$/, '')}`;

describe('as an administrator', () => {
  let app: AppRig;
  // Each test its own app, on the project list: nothing another opened is left.
  beforeEach(async () => {
    app = await startApp({ token: DEMO_TOKENS.admin });
    // root is a member of secret/payroll only.
    await app.waitFor('secret/payroll');
  });
  afterEach(() => app.close());

  it(":key 1 shows the key with its fingerprint, and its owner's administrator view", async () => {
    const key = app.sim.world.keys.get(1)!;
    const owner = app.sim.world.users.get(key.userId)!;
    await app.palette('key 1');
    const frame = await app.waitFor('Fingerprint');
    expect(topPane(app.store.getState())).toEqual({ kind: 'key', keyId: 1 });
    expect(frame).toContain(`SSH key #1 ${key.title}`);
    expect(frame).toMatch(new RegExp(`Fingerprint\\s+${fingerprint(key.key).replace(/[+/]/g, (c) => `\\${c}`)}`));
    expect(frame).toMatch(/Type\s+ED25519, 256 bits \(ssh-ed25519\)/);
    expect(frame).toMatch(/MD5\s+MD5:([0-9a-f]{2}:){15}[0-9a-f]{2}/);
    expect(frame).toMatch(new RegExp(`Created\\s+${new Date(key.createdAt).toISOString().slice(0, 10)}`));
    expect(frame).toMatch(new RegExp(`Owner\\s+.*\\(@${owner.username}, id ${owner.id}\\)`));
    expect(frame).toMatch(new RegExp(`Email\\s+${owner.email.replace('.', '\\.')}`));
    expect(frame).toMatch(new RegExp(`State\\s+${owner.state}`));
    expect(frame).toMatch(new RegExp(`2FA enabled\\s+${owner.twoFactor ? 'yes' : 'no'}`));
    expect(frame).toMatch(/Can create group\s+(yes|no)/);
    expect(frame).toMatch(/Can create project\s+yes/);
    expect(frame).toMatch(/Identities\s+/);
    expect(frame).toMatch(/Current sign-in\s+(\d{4}-\d\d-\d\d|never)/);
    expect(frame).toMatch(/Last sign-in\s+(\d{4}-\d\d-\d\d|never)/);
    expect(frame).toContain('SSH key #1');
  });

  it('computes RSA fingerprints and sizes too', async () => {
    const rsa = [...app.sim.world.keys.values()].find((k) => k.key.startsWith('ssh-rsa '))!;
    await app.press(KEY.escape);
    await app.palette(`key ${rsa.id}`);
    const frame = await app.waitFor(`SSH key #${rsa.id}`);
    expect(frame).toContain(fingerprint(rsa.key));
    expect(frame).toMatch(/Type\s+RSA, 2048 bits \(ssh-rsa\)/);
    const identities = app.sim.world.users.get(rsa.userId)!.identities;
    if (identities.length) expect(frame).toContain(`${identities[0]!.provider}: ${identities[0]!.extern_uid}`.slice(0, 30));
  });

  it("o opens the owner's page; Enter shows their activity", async () => {
    const rsa = [...app.sim.world.keys.values()].find((k) => k.key.startsWith('ssh-rsa '))!;
    const owner = app.sim.world.users.get(rsa.userId)!;
    await app.palette(`key ${rsa.id}`);
    await app.waitFor(`SSH key #${rsa.id}`);
    await app.press('o');
    await app.until(() => app.opened.length > 0, 'a URL opened');
    expect(app.opened.at(-1)).toMatch(new RegExp(`/${owner.username}$`));
    await app.press(KEY.enter);
    await app.waitFor(`Activity of @${owner.username}`);
    expect(topPane(app.store.getState())).toEqual({ kind: 'events', who: { user: owner.username } });
  });

  it('an unknown id: a clear not-found in the status line, the palette closed', async () => {
    await app.palette('key 99999');
    await app.waitFor('No SSH key with id 99999 (GitLab: 404 Not found)');
    expect(app.store.getState().prompt).toBeNull();
    await app.palette('key abc');
    await app.waitFor('key needs a numeric SSH key id, e.g. :key 42');
    expect(app.store.getState().prompt).toBeNull();
  });
});

describe('as alice (not an administrator)', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp();
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it(':key 1 says the lookup is for administrators only, and opens nothing', async () => {
    await app.palette('key 1');
    await app.waitFor('SSH key lookup is for administrators only — alice is not an administrator (GitLab: 403 Forbidden)');
    expect(topPane(app.store.getState()).kind).toBe('projects');
    expect(app.sim.requests.filter((r) => r.path.startsWith('/keys/1')).at(-1)?.status).toBe(403);
  });
});
