/**
 * Generates Prosody's configuration under `DATA_DIR/prosody` (docs/prosody.md
 * "Configuration facts"): loopback only, plaintext (the portal's proxy or TLS terminator sits in
 * front), authentication and message hooks back to our server, and the modules the chat stack
 * needs. The hook secret reaches Prosody through the environment, never the file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROSODY_MODULES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

export interface ProsodySettings {
  dataDir: string;
  domain: string;
  c2sPort: number;
  httpPort: number;
  /** Base URL of our server's hooks, e.g. http://127.0.0.1:8080/internal/prosody */
  hookBaseUrl: string;
  /** Extra modules enabled globally (e.g. our message-reporting module). */
  extraModules?: string[];
  /** Extra modules enabled on the MUC component. */
  extraMucModules?: string[];
  /** Seconds mod_portal_history waits for the server before retrying a report. */
  historyReportTimeout?: number;
  /** Seconds between server pings of every authenticated stream (mod_portal_ping.lua); default 60. */
  pingSeconds?: number;
  /** Seconds a stream whose connection is gone may be resumed (XEP-0198 `smacks_hibernation_time`); default 60. */
  resumptionSeconds?: number;
  /** Items one user's archive may hold (`storage_archive_item_limit`); default ARCHIVE_ITEM_LIMIT. */
  archiveItemLimit?: number;
}

export interface ProsodyPaths {
  root: string;
  configFile: string;
  pidFile: string;
  adminSocket: string;
}

export function prosodyPaths(dataDir: string): ProsodyPaths {
  const root = path.join(dataDir, 'prosody');
  return {
    root,
    configFile: path.join(root, 'prosody.cfg.lua'),
    pidFile: path.join(root, 'prosody.pid'),
    adminSocket: path.join(root, 'prosody.sock'),
  };
}

/**
 * Items one user's message archive may hold: a week (archive_expires_after) of about 7,000 messages a
 * day before the archive is truncated to nine tenths of it (docs/prosody.md "Configuration facts").
 */
export const ARCHIVE_ITEM_LIMIT = 50_000;

/**
 * The c2s rate limit of mod_limits: 2,000,000 bytes a second per client connection. Prosody 0.12
 * pauses a connection after each read for its size over this rate, on top of handling it, so it
 * is chosen from the heaviest traffic a client sends (docs/prosody.md "The c2s rate limit").
 */
export const C2S_RATE = '2mb/s';

/**
 * Users whose per-user facts Prosody keeps in memory: the day each last got an archived message
 * (mod_mam's cleanup bookkeeping), each blocklist (mod_blocklist) and each archive's item count and
 * oldest item (our archive driver). The defaults, 1,000, 64 and 1,000, are far below the members
 * one Prosody serves (docs/architecture.md §5): past them every message read its users' blocklists
 * from disk again, rewrote the day's whole cleanup list and read a forgotten archive whole
 * (docs/prosody.md "Per-user caches").
 */
export const USER_CACHE_SIZE = 20_000;

const lua = (value: string) => JSON.stringify(value);
const list = (values: readonly string[]) => `{ ${values.map(lua).join(', ')} }`;

/** Modules every chat issue needs (issue 2 "Chat identity and Prosody"). */
export const GLOBAL_MODULES = [
  'roster',
  'saslauth',
  'disco',
  'carbons',
  'blocklist',
  'privacy_lists',
  'ping',
  'lastactivity',
  'smacks',
  'mam',
  'offline',
  'bosh',
  'websocket',
  'admin_shell',
  'posix',
  // The c2s rate limit of `limits` below: without the module the option does nothing.
  'limits',
  // Ours: resuming a WebSocket stream after a cut mid-frame, and closing a hibernating one
  // (mod_portal_smacks_resume.lua).
  'portal_smacks_resume',
  // Ours: what an ended stream leaves unacknowledged is passed on or dropped, never bounced
  // (mod_portal_undelivered.lua).
  'portal_undelivered',
  // Ours: a stanza nested absurdly deep closes its stream (mod_portal_stanza_depth.lua).
  'portal_stanza_depth',
  // Ours: a WebSocket message that is not one whole XML element closes its stream (RFC 7395 §3.3.3,
  // mod_portal_websocket_framing.lua).
  'portal_websocket_framing',
  // Ours: pings every authenticated stream and drops one that did not answer (mod_portal_ping.lua).
  'portal_ping',
  // Ours: limits call signals per sender (mod_portal_call_limits.lua, docs/calls.md "Who may ring").
  'portal_call_limits',
  // Ours: a message sent again with the same id (a takeover, a stream that could not resume) is
  // routed once (mod_portal_message_once.lua).
  'portal_message_once',
  // Ours: last activity of any user and no answer to a ping of nobody, as the vendor's server
  // (mod_portal_users.lua).
  'portal_users',
  // Ours: a contact request is not acknowledged with an unavailable presence
  // (mod_portal_subscriptions.lua).
  'portal_subscriptions',
] as const;

/** Modules of the MUC component: the archive, and ours (rooms as the vendor's dialogs). */
export const MUC_MODULES = ['muc_mam', 'portal_muc_occupants', 'portal_muc_dialogs'] as const;

export function renderProsodyConfig(s: ProsodySettings): string {
  const p = prosodyPaths(s.dataDir);
  return `-- Generated by src/server/prosody/config.ts at every start; edit that file, not this one.
run_as_root = true
daemonize = false
pidfile = ${lua(p.pidFile)}
data_path = ${lua(path.join(p.root, 'data'))}
admin_socket = ${lua(p.adminSocket)}
certificates = ${lua(path.join(p.root, 'certs'))}
plugin_paths = ${list([PROSODY_MODULES_DIR])}

interfaces = { "127.0.0.1" }
-- Every socket with TCP_NODELAY: a small write (an XEP-0198 <a/>) held the next stanza on that socket
-- until the peer's delayed ACK, about 40 ms (docs/prosody.md "Nagle's algorithm"). A stanza is
-- written at once, not on its socket's next turn of the event loop (docs/prosody.md "Writes at once").
network_settings = { nagle = false, opportunistic_writes = true }
-- Lua 5.4's generational collector: each message's short-lived tables are swept young instead of
-- the whole heap again and again (docs/prosody.md "Garbage collection").
gc = { mode = "generational" }
http_interfaces = { "127.0.0.1" }
c2s_ports = { ${s.c2sPort} }
http_ports = { ${s.httpPort} }
https_ports = {}
https_interfaces = {}
s2s_ports = {}
c2s_direct_tls_ports = {}
modules_disabled = { "s2s", "tls", "dialback" }
c2s_require_encryption = false
allow_unencrypted_plain_auth = true
consider_websocket_secure = true
consider_bosh_secure = true
http_default_host = ${lua(s.domain)}
cross_domain_websocket = true

modules_enabled = ${list([...GLOBAL_MODULES, ...(s.extraModules ?? [])])}

authentication = "portal"
portal_auth_url = ${lua(`${s.hookBaseUrl}/auth`)}
portal_hook_base = ${lua(s.hookBaseUrl)}
portal_hook_secret = ENV_PORTAL_HOOK_SECRET
${s.historyReportTimeout ? `portal_history_timeout = ${s.historyReportTimeout}\n` : ''}portal_ping_interval = ${s.pingSeconds ?? 60}
-- Stream management: a dropped socket can resume within this window (XEP-0198); then the session ends.
smacks_hibernation_time = ${s.resumptionSeconds ?? 60}
smacks_max_unacked_stanzas = 500
-- Message archive (XEP-0313): every one-to-one message.
default_archive_policy = true
archive_expires_after = "1w"
-- Per-user facts kept in memory for every user one Prosody serves (docs/prosody.md "Per-user caches").
archive_cleanup_date_cache_size = ${USER_CACHE_SIZE}
blocklist_cache_size = ${USER_CACHE_SIZE}
storage_archive_item_limit_cache_size = ${USER_CACHE_SIZE}
-- Files under the data directory; the one-to-one archive through our driver, which appends to the
-- same files at a fraction of the cost (mod_storage_portal_archive.lua, docs/prosody.md).
default_storage = "internal"
storage = { archive = "portal_archive" }
-- Under its item limit an append is one line; at it, our driver rewrites the archive once per tenth
-- of the limit (docs/prosody.md "Message archive storage").
storage_archive_item_limit = ${s.archiveItemLimit ?? ARCHIVE_ITEM_LIMIT}
-- Bytes a second one client connection may send (docs/prosody.md "The c2s rate limit").
limits = {
  c2s = { rate = "${C2S_RATE}" };
}

log = {
  { levels = { min = "info" }, to = "console" };
}

VirtualHost ${lua(s.domain)}

Component ${lua(`muc.${s.domain}`)} "muc"
  modules_enabled = ${list([...MUC_MODULES, ...(s.extraMucModules ?? [])])}
  -- Rooms are the portal's, one per group dialog (ensure_room); nobody makes one by joining.
  restrict_room_creation = true
  -- A deleted dialog's room is gone; a tombstone would answer a join with 'gone' (no SDK callback).
  muc_tombstones = false
  muc_room_default_public = false
  muc_room_default_persistent = true
  muc_room_default_members_only = false
  max_history_messages = 50
`;
}

export async function writeProsodyConfig(s: ProsodySettings): Promise<ProsodyPaths> {
  const p = prosodyPaths(s.dataDir);
  await mkdir(path.join(p.root, 'data'), { recursive: true });
  await mkdir(path.join(p.root, 'certs'), { recursive: true });
  await writeFile(p.configFile, renderProsodyConfig(s));
  return p;
}
