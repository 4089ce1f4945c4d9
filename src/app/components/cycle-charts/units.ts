/**
 * Temperature units of the cycle charts. Decision: basal body temperature is shown in °C, the unit
 * the member's app records and the server stores (src/shared/cycle/types.ts), except for providers
 * whose country measures in °F (the United States and its territories, Liberia, Palau, the
 * Marshall Islands, Micronesia, the Cayman Islands, the Bahamas, Belize), who see °F. The
 * provider's country, not the interface language, decides: English is spoken on both sides.
 */
export type TemperatureUnit = 'C' | 'F';

const FAHRENHEIT_COUNTRIES = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
  'UM',
  'LR',
  'PW',
  'MH',
  'FM',
  'KY',
  'BS',
  'BZ',
]);

export function temperatureUnitFor(country: string | null | undefined): TemperatureUnit {
  return country && FAHRENHEIT_COUNTRIES.has(country.toUpperCase()) ? 'F' : 'C';
}

/** A temperature in °C shown in `unit`, to two decimals (a BBT shift is a few tenths). */
export function fromCelsius(celsius: number, unit: TemperatureUnit): number {
  return unit === 'C' ? celsius : Math.round(((celsius * 9) / 5) * 100 + 3200) / 100;
}

/** A temperature difference in °C (a shift) in `unit`. */
export function differenceFromCelsius(delta: number, unit: TemperatureUnit): number {
  return unit === 'C' ? delta : Math.round(delta * 1.8 * 100) / 100;
}

export function unitSymbol(unit: TemperatureUnit): string {
  return unit === 'C' ? '°C' : '°F';
}
