/** Spec §9 currency mapping: USD shows $. */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/app/components/format';

describe('formatMoney', () => {
  it('shows USD with $ and two decimals', () => {
    expect(formatMoney(8500, 'USD')).toBe('$85.00');
    expect(formatMoney(6050, 'USD')).toBe('$60.50');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });

  it('keeps the symbol in other languages and names unmapped currencies by code', () => {
    expect(formatMoney(8500, 'USD', 'de')).toBe('$85,00');
    expect(formatMoney(8500, 'EUR')).toBe('EUR 85.00');
  });
});
