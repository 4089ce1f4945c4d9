/**
 * The time-zone picker's data (src/app/components/time-zones.ts, issue 26): zones grouped by
 * region in a fixed order, places readable, offsets as they are at the instant asked (summer time
 * included), and a search over place, zone, region and offset.
 */
import { describe, expect, it } from 'vitest';
import {
  filterTimeZones,
  formatOffset,
  groupTimeZones,
  knownTimeZones,
  offsetMinutes,
  TIME_ZONE_REGIONS,
  timeZoneOption,
} from '../../../../src/app/components/time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('offsets', () => {
  it('follow summer time and half hours', () => {
    expect(offsetMinutes('Europe/Berlin', WINTER)).toBe(60);
    expect(offsetMinutes('Europe/Berlin', SUMMER)).toBe(120);
    expect(offsetMinutes('America/New_York', WINTER)).toBe(-300);
    expect(offsetMinutes('Asia/Kolkata', WINTER)).toBe(330);
    expect(offsetMinutes('America/St_Johns', WINTER)).toBe(-210);
    expect(offsetMinutes('UTC', WINTER)).toBe(0);
  });

  it('read as UTC±hh:mm with a true minus sign', () => {
    expect(formatOffset(0)).toBe('UTC');
    expect(formatOffset(60)).toBe('UTC+01:00');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(-210)).toBe('UTC−03:30');
  });
});

describe('options', () => {
  it('name the place readably and keep the IANA name to save', () => {
    expect(timeZoneOption('America/Argentina/Buenos_Aires', WINTER)).toEqual({
      zone: 'America/Argentina/Buenos_Aires',
      region: 'America',
      place: 'Buenos Aires (Argentina)',
      offsetMinutes: -180,
      offset: 'UTC−03:00',
    });
    expect(timeZoneOption('UTC', WINTER)).toMatchObject({ region: 'Other', place: 'UTC', offset: 'UTC' });
    expect(timeZoneOption('Etc/GMT+5', WINTER).region).toBe('Other');
  });

  it('the browser list always holds UTC', () => {
    const zones = knownTimeZones();
    expect(zones).toContain('UTC');
    expect(zones.length).toBeGreaterThan(300);
  });
});

describe('grouping', () => {
  const groups = groupTimeZones(knownTimeZones(), WINTER);

  it('groups every zone once, regions in the picker order, places sorted', () => {
    const regions = groups.map((g) => g.region);
    expect(regions[0]).toBe('Europe');
    expect(regions[1]).toBe('America');
    expect(regions).toEqual(TIME_ZONE_REGIONS.filter((r) => regions.includes(r)));
    const all = groups.flatMap((g) => g.options.map((o) => o.zone));
    expect(new Set(all).size).toBe(knownTimeZones().length);
    for (const g of groups) {
      const places = g.options.map((o) => o.place);
      expect(places).toEqual([...places].sort((a, b) => a.localeCompare(b, 'en')));
      for (const o of g.options) expect(o.region).toBe(g.region);
    }
  });

  it('offers the saved zone even when the browser does not list it', () => {
    const withOld = groupTimeZones(['Europe/Paris'], WINTER, 'Asia/Calcutta');
    expect(withOld.flatMap((g) => g.options.map((o) => o.zone))).toEqual(['Europe/Paris', 'Asia/Calcutta']);
  });
});

describe('search', () => {
  const groups = groupTimeZones(knownTimeZones(), WINTER);
  const zones = (query: string, names?: (r: (typeof TIME_ZONE_REGIONS)[number]) => string) =>
    filterTimeZones(groups, query, names).flatMap((g) => g.options.map((o) => o.zone));

  it('finds a place by any part of its name, without case, accents or underscores', () => {
    expect(zones('dublin')).toEqual(['Europe/Dublin']);
    // The engine's ICU decides between old and new names (America/Buenos_Aires, Asia/Calcutta).
    expect(zones('buenos aires')).toEqual([expect.stringMatching(/^America\/(Argentina\/)?Buenos_Aires$/)]);
    expect(zones('ZÜRICH')).toEqual(['Europe/Zurich']);
    expect(zones('new york')).toEqual(['America/New_York']);
  });

  it('narrows by region, in English or in the shown language, and by offset', () => {
    expect(zones('europe paris')).toEqual(['Europe/Paris']);
    expect(zones('amerika chicago', (r) => (r === 'America' ? 'Amerika' : r))).toEqual(['America/Chicago']);
    expect(zones('utc+5:30')).toContainEqual(expect.stringMatching(/^Asia\/(Kolkata|Calcutta)$/));
    expect(zones('+05:30').every((z) => timeZoneOption(z, WINTER).offsetMinutes === 330)).toBe(true);
    expect(zones('utc+1')).toContain('Europe/Berlin');
    expect(zones('utc+1')).not.toContain('Europe/London');
  });

  it('leaves out regions with no match and answers nothing for nonsense', () => {
    expect(filterTimeZones(groups, 'paris').map((g) => g.region)).toEqual(['Europe']);
    expect(filterTimeZones(groups, 'qqqq')).toEqual([]);
    expect(filterTimeZones(groups, '   ')).toHaveLength(groups.length);
  });
});
