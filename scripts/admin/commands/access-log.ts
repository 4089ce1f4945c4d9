/**
 * `npm run admin -- access-log <member|provider> [--since …] [--limit N]`: who read whose health
 * data, what and when, from where (issue 12; HIPAA §164.312(b)). A member by persona key, email or
 * chat id; a provider by persona key or email. `--since` takes an ISO time or a span back from
 * now: `90m`, `24h`, `7d`. Printed as a table without empty columns (access-log-table.ts).
 */
import { accessLogLines, type AccessLogListing } from './access-log-table';
import { parseArgs, type AdminCommand } from './command';
import { personas, member, provider } from '../../../fixtures';

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** An ISO instant for `--since`, or null when it cannot be read. */
export function sinceInstant(value: string, now = Date.now()): string | null {
  const span = /^(\d+)([mhd])$/.exec(value.trim());
  if (span) return new Date(now - Number(span[1]) * UNIT_MS[span[2]!]!).toISOString();
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

function subjectRef(ref: string): string {
  if (personas.members.some((m) => m.key === ref)) return member(ref).email;
  if (personas.providers.some((p) => p.key === ref)) return provider(ref).email;
  return ref;
}

export const accessLogCommand: AdminCommand = {
  name: 'access-log',
  usage: 'access-log <member|provider> [--since …] [--limit N]',
  summary: "Accesses to members' health data, by member or by provider (--since 24h, 7d or an ISO time)",
  async run(server, args) {
    const { positional, options } = parseArgs(args);
    const [ref] = positional;
    if (!ref) {
      console.error(`Usage: npm run admin -- ${this.usage}`);
      return 2;
    }
    const since = options.since === undefined ? undefined : sinceInstant(options.since);
    if (since === null) {
      console.error('--since takes an ISO time (2026-11-01T00:00:00Z) or a span such as 90m, 24h, 7d');
      return 2;
    }
    const query = new URLSearchParams({ subject: subjectRef(ref) });
    if (since) query.set('since', since);
    if (options.limit) query.set('limit', options.limit);
    const listing = await server.call<AccessLogListing>('GET', `/access-log?${query}`);
    for (const line of accessLogLines(listing, since)) console.log(line);
    return 0;
  },
};
