/**
 * New recovery codes, shown this once (the server keeps only their hashes): listed for printing
 * or copying, and acknowledged before the provider goes on.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';

export function RecoveryCodes({
  codes,
  onSaved,
  titled = true,
}: {
  codes: readonly string[];
  onSaved(): void;
  /** Shows its own heading (not inside a dialog, which has one). */
  titled?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, an insecure origin): the codes stay on screen to copy by hand.
      setCopied(false);
    }
  };
  return (
    <section aria-label={t('secondFactor.recoveryTitle')} className="flex flex-col gap-3">
      {titled && (
        <h2 className="text-base font-semibold text-slate-900">{t('secondFactor.recoveryTitle')}</h2>
      )}
      <p className="text-sm text-slate-600">{t('secondFactor.recoveryIntro')}</p>
      <ol
        aria-label={t('secondFactor.recoveryList')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('secondFactor.copied') : t('secondFactor.copy')}
        </Button>
        <Button onClick={onSaved}>{t('secondFactor.recoverySaved')}</Button>
      </div>
    </section>
  );
}
