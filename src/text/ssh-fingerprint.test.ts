// Fingerprints as `ssh-keygen -lf` / `ssh-keygen -E md5 -lf` print them (vectors made with OpenSSH).
import { describe, expect, it } from 'vitest';
import { keygenLine, sshKeyInfo } from './ssh-fingerprint.js';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF85v4JsHRUkk07cA4ZerCfAt1Zm2PD9stCywmfET0WS me@host';
const RSA =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQCwn3GVevto97MvFC0nVIXpgllj1t/CVNegP3EHMYInS4nZSqkPQBdkZt7Z6DVrDe3B95yAoKOYOSI3d02pdY/PurZD8uhYynK2nl+C6ntV7dzfWXbnYIU7vsLL5U4NlRKjVFFRH1hHg+qLzTIJZ2S1yP2IwvlSHVPBECBEJLk6upiSa2k8iM8HelICnxqLfHso8DZiJxcq9dUnE+YI1zirSnnyDSnlqD+eGb2WflioqZX/mcOeUvg9JzOnDavLsWIk8o/4M6yv/RA0ZmvCSP3gMfFgWQDoZSVaBySm8vVX0f+N0FgLCelsRyXiXokhx3jbuEjZgwP9Ns9buSnmZCQztpH5yGmOU9/iuj1wFekRoK6RqzzvJQYG2cEQT1Bdl3mgRMt8rGK5jfLXnChdQdpa3Jz458PR2MuU5gzxrkiVL0rmVwJIk5svjNdLGAeUbQH9sj5oLdCTgXWI6LaceTB3ImYoQjG0n8grzuQwUQxU8SIKxzi5twAmcYk0EYqe5SE= rsa key';
const ECDSA =
  'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBIhX9hCyZ5Nca8IyNKfdvqeqxr5XPRs/MvITpfmVznihKTDzrtlXWBLQyUAIMNo0L6i/gQXwiIP0hHg3VJVh45xyHLig/ePD4VyJTITW/9s01I78bD7/S9U88Jp+NMttvA==';

describe('sshKeyInfo', () => {
  it('matches ssh-keygen -lf for ed25519, rsa and ecdsa keys', () => {
    expect(keygenLine(sshKeyInfo(ED25519)!)).toBe('256 SHA256:pbdJ/0lb2A6bKxzgGPi9b07Yr6dpK/W9udUs/1ePp4s me@host (ED25519)');
    expect(keygenLine(sshKeyInfo(RSA)!)).toBe('3072 SHA256:E/AyxU5eQJnQzdEYEYUtoCqlnHpgx9aAgg3TaCtjRyI rsa key (RSA)');
    expect(keygenLine(sshKeyInfo(ECDSA)!)).toBe('384 SHA256:pNVHJUos7ULaZGa7myKNJa2ikUTT4pnAmVKWNu3qML0 no comment (ECDSA)');
  });

  it('gives the MD5 form of ssh-keygen -E md5', () => {
    expect(sshKeyInfo(ED25519)!.md5).toBe('MD5:19:b9:63:40:96:9e:fd:93:09:17:7f:ef:fb:23:54:52');
    expect(sshKeyInfo(RSA)!.md5).toBe('MD5:d2:3b:ea:92:f5:76:c9:a1:b6:fe:0d:12:24:05:f1:c9');
  });

  it('reads type, size and comment', () => {
    expect(sshKeyInfo(ED25519)).toMatchObject({ type: 'ssh-ed25519', label: 'ED25519', bits: 256, comment: 'me@host' });
    expect(sshKeyInfo(RSA)).toMatchObject({ type: 'ssh-rsa', label: 'RSA', bits: 3072, comment: 'rsa key' });
    expect(sshKeyInfo(ECDSA)).toMatchObject({ type: 'ecdsa-sha2-nistp384', bits: 384, comment: '' });
  });

  it('tolerates surrounding whitespace and authorized_keys options', () => {
    expect(sshKeyInfo(`  ${ED25519}\n`)!.sha256).toBe('SHA256:pbdJ/0lb2A6bKxzgGPi9b07Yr6dpK/W9udUs/1ePp4s');
    expect(sshKeyInfo(`no-pty,command="x" ${ED25519}`)!.sha256).toBe('SHA256:pbdJ/0lb2A6bKxzgGPi9b07Yr6dpK/W9udUs/1ePp4s');
  });

  it('returns null for what is not a public key', () => {
    for (const bad of [
      '',
      'hello world',
      'ssh-ed25519',
      'ssh-ed25519 !!!notbase64',
      'ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIF85v4JsHRUkk07cA4ZerCfAt1Zm2PD9stCywmfET0WS',
      42 as unknown as string,
    ]) {
      expect(sshKeyInfo(bad), String(bad)).toBeNull();
    }
  });
});
