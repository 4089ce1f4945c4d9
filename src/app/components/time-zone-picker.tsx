/**
 * The time-zone field wherever a provider chooses one (availability, settings): a combobox (WAI-ARIA
 * combobox with a listbox popup, Headless UI) she types a city, region or offset into, its options
 * grouped by region and each showing its offset now (time-zones.ts). Arrow keys move, Enter
 * chooses, Escape closes and keeps the saved zone.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { borderOf, Field } from './field';
import {
  filterTimeZones,
  groupTimeZones,
  knownTimeZones,
  timeZoneOption,
  type TimeZoneRegion,
} from './time-zones';

export interface TimeZonePickerProps {
  label: string;
  value: string;
  onChange(zone: string): void;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
}

export function TimeZonePicker({ label, value, onChange, hint, error, className }: TimeZonePickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const groupId = useId();
  // The offsets of this visit (summer time as it is now); a new visit reads them again.
  const [now] = useState(() => new Date());
  const regionName = (region: TimeZoneRegion) => t(`timeZone.region.${region}`);
  const groups = useMemo(() => groupTimeZones(knownTimeZones(), now, value), [now, value]);
  const shown = useMemo(
    () => filterTimeZones(groups, query, (r) => t(`timeZone.region.${r}`)),
    [groups, query, t],
  );
  const display = (zone: string | null) => {
    if (!zone) return '';
    const o = timeZoneOption(zone, now);
    return `${o.place} · ${regionName(o.region)} (${o.offset})`;
  };
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Combobox
          value={value}
          onChange={(zone: string | null) => {
            if (zone) onChange(zone);
          }}
          onClose={() => setQuery('')}
        >
          <div className="relative">
            <ComboboxInput
              {...control}
              data-zone={value}
              autoComplete="off"
              placeholder={t('timeZone.search')}
              displayValue={display}
              onChange={(e) => setQuery(e.target.value)}
              className={`w-full rounded-lg sm:min-w-72 border bg-white py-2 pr-9 pl-3 text-sm outline-none focus:border-brand ${borderOf(error)}`}
            />
            <ComboboxButton
              aria-label={t('timeZone.all')}
              className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500"
            >
              <ChevronsUpDown aria-hidden className="h-4 w-4" />
            </ComboboxButton>
          </div>
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 max-h-80 w-(--input-width) overflow-y-auto sm:min-w-72 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
          >
            {shown.length === 0 && query !== '' && (
              <p className="px-3 py-2 text-slate-600">{t('timeZone.none')}</p>
            )}
            {shown.map((group) => (
              <div key={group.region} role="group" aria-labelledby={`${groupId}-${group.region}`}>
                <p
                  id={`${groupId}-${group.region}`}
                  role="presentation"
                  className="sticky top-0 bg-slate-100 px-3 py-1 text-xs font-semibold tracking-wide text-slate-700 uppercase"
                >
                  {regionName(group.region)}
                </p>
                {group.options.map((o) => (
                  <ComboboxOption
                    key={o.zone}
                    value={o.zone}
                    data-zone={o.zone}
                    className="group flex cursor-default items-center gap-2 px-3 py-1.5 text-slate-800 data-focus:bg-brand-50 data-selected:font-semibold"
                  >
                    <Check
                      aria-hidden
                      className="invisible h-4 w-4 shrink-0 text-brand group-data-selected:visible"
                    />
                    <span className="flex-1">{o.place}</span>
                    <span className="text-xs text-slate-600 tabular-nums">{o.offset}</span>
                  </ComboboxOption>
                ))}
              </div>
            ))}
          </ComboboxOptions>
        </Combobox>
      )}
    </Field>
  );
}
