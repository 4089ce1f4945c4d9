/**
 * The time zones a provider chooses from (profile, availability, settings), grouped by region
 * (the IANA name's first part: Europe, America, …), each with its place name and its offset from
 * UTC at a given instant (summer time included), and the search over them. Pure: the picker
 * (time-zone-picker.tsx) renders what these functions answer.
 */

/** Regions in the order the picker lists them; zones outside them (UTC, Etc/…) go under `Other`. */
export const TIME_ZONE_REGIONS = [
  'Europe',
  'America',
  'Africa',
  'Asia',
  'Australia',
  'Pacific',
  'Atlantic',
  'Indian',
  'Antarctica',
  'Arctic',
  'Other',
] as const;
export type TimeZoneRegion = (typeof TIME_ZONE_REGIONS)[number];

export interface TimeZoneOption {
  /** The IANA name, what is saved. */
  zone: string;
  region: TimeZoneRegion;
  /** The place, readable: `America/Argentina/Buenos_Aires` → `Buenos Aires (Argentina)`. */
  place: string;
  /** Minutes east of UTC at the instant the options were made for. */
  offsetMinutes: number;
  /** `UTC+01:00`, `UTC−03:30`, `UTC`. */
  offset: string;
}

export interface TimeZoneGroup {
  region: TimeZoneRegion;
  options: TimeZoneOption[];
}

/** Every zone this browser knows, with `UTC` (which `Intl.supportedValuesOf` leaves out). */
export function knownTimeZones(): string[] {
  const zones = supportedZones();
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    // An engine without the list: the picker still offers UTC and the zone already chosen.
    return [];
  }
}

function regionOf(zone: string): TimeZoneRegion {
  const first = zone.split('/')[0] ?? '';
  return zone.includes('/') && (TIME_ZONE_REGIONS as readonly string[]).includes(first)
    ? (first as TimeZoneRegion)
    : 'Other';
}

function placeOf(zone: string): string {
  const parts = zone.split('/').map((p) => p.replace(/_/g, ' '));
  if (parts.length === 1) return parts[0]!;
  const [, ...rest] = parts;
  const city = rest[rest.length - 1]!;
  return rest.length > 1 ? `${city} (${rest.slice(0, -1).join(', ')})` : city;
}

/** Minutes east of UTC of `zone` at `at`, read from the engine's own `GMT+hh:mm` name. */
export function offsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-−])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!match) return 0;
  const sign = match[1] === '+' ? 1 : -1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** `UTC`, `UTC+01:00`, `UTC−03:30` (a true minus sign, as typeset). */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${minutes > 0 ? '+' : '−'}${hh}:${mm}`;
}

/** One zone as the picker shows it, its offset taken at `at`. */
export function timeZoneOption(zone: string, at: Date): TimeZoneOption {
  const minutes = safeOffset(zone, at);
  return {
    zone,
    region: regionOf(zone),
    place: placeOf(zone),
    offsetMinutes: minutes,
    offset: formatOffset(minutes),
  };
}

function safeOffset(zone: string, at: Date): number {
  try {
    return offsetMinutes(zone, at);
  } catch {
    // A name this engine does not know (saved by another browser): shown, its offset as UTC's.
    return 0;
  }
}

/**
 * The zones grouped by region in `TIME_ZONE_REGIONS` order, each group by place name; `current`
 * is offered even when this browser does not list it.
 */
export function groupTimeZones(zones: readonly string[], at: Date, current?: string): TimeZoneGroup[] {
  const all = current && !zones.includes(current) ? [...zones, current] : zones;
  const byRegion = new Map<TimeZoneRegion, TimeZoneOption[]>();
  for (const zone of all) {
    const option = timeZoneOption(zone, at);
    const list = byRegion.get(option.region) ?? [];
    list.push(option);
    byRegion.set(option.region, list);
  }
  return TIME_ZONE_REGIONS.flatMap((region) => {
    const options = byRegion.get(region);
    if (!options) return [];
    options.sort((a, b) => a.place.localeCompare(b.place, 'en'));
    return [{ region, options }];
  });
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[_/]/g, ' ')
    .replace(/−/g, '-')
    .toLowerCase();

/**
 * The groups narrowed to the options matching every word of `query` in the zone, the place, the
 * region (its English and its shown name) or the offset (`utc+1`, `+05:30`); empty groups go.
 */
export function filterTimeZones(
  groups: readonly TimeZoneGroup[],
  query: string,
  regionName: (region: TimeZoneRegion) => string = (r) => r,
): TimeZoneGroup[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups.flatMap((group) => {
    const region = fold(`${group.region} ${regionName(group.region)}`);
    const options = group.options.filter((o) => {
      const offset = fold(o.offset);
      const short = offset.replace(/:00$/, '').replace(/([+-])0(\d)/, '$1$2');
      const text = `${fold(o.zone)} ${fold(o.place)} ${region} ${offset} ${short}`;
      return words.every((w) => text.includes(w));
    });
    return options.length > 0 ? [{ region: group.region, options }] : [];
  });
}
