/**
 * Report access grants through `npm run admin -- reports grant|revoke|list` (spec §2, §8
 * MEMBER_EXPERT_REPORT_NO_ACCESS): seeded for the approved demo provider only; an operator grants
 * an approved provider and revokes; a provider not approved cannot be granted.
 */
import { describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../support/admin-cli';
import { personas, provider } from '../../fixtures';
import { apiClient } from '../support/api';
import { approvedProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack.url);

const admin = (args: string[]) => runAdmin(args, stack.dataDir);

describe('npm run admin -- reports', () => {
  it('lists the seeded grant: Dr. Amelia has report access, the other personas do not', async () => {
    const { stdout } = await admin(['reports', 'list']);
    expect(stdout).toContain(provider('amelia').email);
    for (const p of personas.providers.filter((x) => x.key !== 'amelia')) {
      expect(stdout).not.toContain(p.email);
    }
  });

  it('grants an approved provider and revokes', async () => {
    const p = await approvedProvider(api, stack, 'grant');
    const granted = await admin(['reports', 'grant', p.email]);
    expect(granted.stdout).toContain(`${p.email} has report access since`);
    expect((await admin(['reports', 'grant', p.email])).stdout).toContain('already has report access');
    expect((await admin(['reports', 'list'])).stdout).toContain(p.email);
    const revoked = await admin(['reports', 'revoke', p.email]);
    expect(revoked.stdout).toContain(`${p.email} has no report access since`);
    expect((await admin(['reports', 'list'])).stdout).not.toContain(p.email);
  });

  it('refuses a provider not approved, an unknown one and bad arguments', async () => {
    await expect(admin(['reports', 'grant', 'bruno'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('INVALID_STATE'),
    });
    await expect(admin(['reports', 'grant', 'nobody@clinic.example'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('NOT_FOUND'),
    });
    await expect(admin(['reports', 'promote', 'amelia'])).rejects.toMatchObject({ code: 2 });
    await expect(admin(['reports', 'grant'])).rejects.toMatchObject({ code: 2 });
  });
});
