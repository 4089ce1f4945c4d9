/**
 * The profile's countries and consultation languages in the portal's language (issue 26;
 * src/app/features/profile/option-names.ts): named by the browser's Intl from their codes, in the
 * language's order, the server's English name kept for a code Intl does not know.
 */
import { describe, expect, it } from 'vitest';
import { profileOptions } from '../../../../fixtures';
import { countriesIn, languagesIn } from '../../../../src/app/features/profile/option-names';

describe('profile option names', () => {
  it('names the countries in German and sorts them as German does', () => {
    const names = countriesIn('de', profileOptions.countries).map((c) => c.name);
    expect(names).toContain('Vereinigtes Königreich');
    expect(names).toContain('Österreich');
    expect(names).not.toContain('United Kingdom');
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    expect(countriesIn('fr', profileOptions.countries).find((c) => c.code === 'DE')?.name).toBe('Allemagne');
  });

  it('names the consultation languages in Italian and keeps their own names', () => {
    const spanish = languagesIn('it', profileOptions.languages).find((l) => l.code === 'es');
    expect(spanish).toEqual({ code: 'es', name: 'spagnolo', nativeName: 'Español' });
  });

  it('keeps the server’s name for a code Intl does not know', () => {
    expect(countriesIn('es', [{ code: 'XQ', name: 'Somewhere' }])).toEqual([
      { code: 'XQ', name: 'Somewhere' },
    ]);
    expect(languagesIn('es', [{ code: 'qqq', name: 'Nothing', nativeName: 'Nothing' }])[0]?.name).toBe(
      'Nothing',
    );
  });
});
