import { describe, expect, it } from 'vitest';
import { GLOBAL_MODULES, renderProsodyConfig } from '../../../src/server/prosody/config';
import { sampleProsodyConfig } from './sample-prosody-config';

const config = sampleProsodyConfig;

describe('generated Prosody configuration', () => {
  it('binds loopback only and keeps the secret out of the file', () => {
    expect(config).toContain('interfaces = { "127.0.0.1" }');
    expect(config).toContain('http_interfaces = { "127.0.0.1" }');
    expect(config).toContain('portal_hook_secret = ENV_PORTAL_HOOK_SECRET');
    expect(config).toContain('s2s_ports = {}');
    expect(config).toContain('c2s_ports = { 5222 }');
  });

  it('asks our server about every login and loads the modules the chat needs', () => {
    expect(config).toContain('authentication = "portal"');
    expect(config).toContain('portal_auth_url = "http://127.0.0.1:8080/internal/prosody/auth"');
    for (const module of [
      'smacks',
      'carbons',
      'mam',
      'ping',
      'lastactivity',
      'privacy_lists',
      'blocklist',
      'bosh',
      'websocket',
    ]) {
      expect(GLOBAL_MODULES).toContain(module);
    }
    expect(config).toMatch(
      /Component "muc\.localhost" "muc"\n\s+modules_enabled = \{ "muc_mam", "portal_muc_occupants", "portal_muc_dialogs" \}/,
    );
  });

  it('makes rooms only for dialogs, and no tombstones of deleted ones (docs/wire/hosted-chat.md §17)', () => {
    expect(config).toContain('restrict_room_creation = true');
    expect(config).toContain('muc_tombstones = false');
    expect(GLOBAL_MODULES).toContain('portal_users');
  });

  it('keeps message archives under the limit where Prosody rewrites them per message (docs/prosody.md)', () => {
    expect(config).toContain('storage_archive_item_limit = 50000');
    expect(config).toContain('archive_expires_after = "1w"');
    // mod_mam's store through our driver, every other store the internal one (docs/prosody.md).
    expect(config).toContain('default_storage = "internal"\nstorage = { archive = "portal_archive" }');
  });

  it("turns Nagle's algorithm off on every Prosody socket and writes at once (docs/prosody.md)", () => {
    expect(config).toContain('network_settings = { nagle = false, opportunistic_writes = true }');
  });

  it("runs Lua's generational garbage collector (docs/prosody.md)", () => {
    expect(config).toContain('gc = { mode = "generational" }');
  });

  it('limits each client connection, with the module that applies the limit', () => {
    expect(GLOBAL_MODULES).toContain('limits');
    expect(config).toMatch(/limits = \{\n\s+c2s = \{ rate = "2mb\/s" \};\n\}/);
  });

  it('loads the history module on the host and the MUC component, with its time-out', () => {
    const withHistory = renderProsodyConfig({
      dataDir: '/data',
      domain: 'localhost',
      c2sPort: 5222,
      httpPort: 5280,
      hookBaseUrl: 'http://127.0.0.1:8080/internal/prosody',
      extraModules: ['portal_history'],
      extraMucModules: ['portal_history'],
      historyReportTimeout: 7,
    });
    expect(withHistory).toMatch(/modules_enabled = \{[^}]*"portal_history" \}/);
    expect(withHistory).toMatch(
      /Component "muc\.localhost" "muc"\n\s+modules_enabled = \{ "muc_mam", "portal_muc_occupants", "portal_muc_dialogs", "portal_history" \}/,
    );
    expect(withHistory).toContain('portal_hook_base = "http://127.0.0.1:8080/internal/prosody"');
    expect(withHistory).toContain('portal_history_timeout = 7');
    expect(config).not.toContain('portal_history_timeout');
  });

  it('pings authenticated streams at the configured interval (docs/prosody.md mod_portal_ping)', () => {
    expect(GLOBAL_MODULES).toContain('portal_ping');
    expect(config).toContain('portal_ping_interval = 60');
    const quick = renderProsodyConfig({
      dataDir: '/data',
      domain: 'localhost',
      c2sPort: 5222,
      httpPort: 5280,
      hookBaseUrl: 'http://127.0.0.1:8080/internal/prosody',
      pingSeconds: 2,
    });
    expect(quick).toContain('portal_ping_interval = 2');
  });
});

describe('stream management in the generated configuration (docs/prosody.md)', () => {
  it('resumes within 60 s by default, closes hibernating sessions and bounces nothing it queued', () => {
    expect(GLOBAL_MODULES).toContain('portal_smacks_resume');
    expect(GLOBAL_MODULES).toContain('portal_undelivered');
    expect(config).toContain('smacks_hibernation_time = 60');
    const short = renderProsodyConfig({
      dataDir: '/data',
      domain: 'localhost',
      c2sPort: 5222,
      httpPort: 5280,
      hookBaseUrl: 'http://127.0.0.1:8080/internal/prosody',
      resumptionSeconds: 12,
    });
    expect(short).toContain('smacks_hibernation_time = 12');
  });
});
