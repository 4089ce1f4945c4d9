/**
 * The call's network quality (call-quality.ts) as an icon and a word, announced politely when it
 * changes: good, fair or poor, or nothing before the first stats sample. White or coloured text on
 * the call window's near-black bar (contrast above 4.5:1).
 */
import { SignalHigh, SignalLow, SignalMedium } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NetworkQuality } from './call-quality';
import { useCallState } from './calls-context';

const LOOK: Record<NetworkQuality, { icon: typeof SignalHigh; tone: string }> = {
  good: { icon: SignalHigh, tone: 'text-emerald-300' },
  fair: { icon: SignalMedium, tone: 'text-amber-300' },
  poor: { icon: SignalLow, tone: 'text-red-300' },
};

export function NetworkQualityBadge() {
  const { t } = useTranslation('calls');
  const { quality, screen } = useCallState();
  const talking = screen === 'connected' || screen === 'reconnecting';
  if (!talking || quality === null) return null;
  const { icon: Icon, tone } = LOOK[quality];
  return (
    // Not a role=status: the window's status line is the one status of the call window.
    <p
      aria-live="polite"
      data-testid="network-quality"
      data-quality={quality}
      className={`flex items-center gap-1 text-xs font-medium ${tone}`}
    >
      <Icon aria-hidden size={16} />
      {t('quality.label', { quality: t(`quality.${quality}`) })}
    </p>
  );
}
