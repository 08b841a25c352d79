import './zod-config.ts';
import { z } from 'zod';

describe('zod-config', () => {
  it('runs zod without its compiler (no eval under the CSP), without importing zod itself', async () => {
    expect(z.config().jitless).toBe(true);
    const source = await import('./zod-config.ts?raw');
    expect(source.default).not.toMatch(/from ['"]zod/);
  });
});
