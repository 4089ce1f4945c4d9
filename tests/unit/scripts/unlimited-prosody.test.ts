/**
 * The bench's Prosody without the c2s rate limit (scripts/bench/xmpp/unlimited-prosody.ts): made
 * from the product's own configuration, it takes out mod_limits and its option block and nothing
 * else — our modules whose names say "limits" (portal_call_limits) stay — and it refuses a
 * configuration that has no rate limit to lift, rather than measure the product's by mistake.
 */
import { describe, expect, it } from 'vitest';
import { withoutRateLimit } from '../../../scripts/bench/xmpp/unlimited-prosody';
import { sampleProsodyConfig } from '../server/sample-prosody-config';

const config = sampleProsodyConfig;

describe('the bench Prosody without the rate limit', () => {
  it('drops mod_limits and its block, and keeps every other module', () => {
    expect(config).toMatch(/"limits"/);
    expect(config).toMatch(/^limits = \{/m);
    const lifted = withoutRateLimit(config);
    expect(lifted).not.toMatch(/"limits"/);
    expect(lifted).not.toMatch(/^limits\s*=/m);
    expect(lifted).toContain('"portal_call_limits"');
    expect(lifted).toContain('"smacks"');
  });

  it('refuses a configuration with no rate limit to lift', () => {
    expect(() => withoutRateLimit(withoutRateLimit(config))).toThrow(/no longer has the rate limit/);
  });
});
