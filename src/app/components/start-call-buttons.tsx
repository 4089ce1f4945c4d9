/**
 * 'Video call' and 'Audio call' (spec §4 Call: conferenceType '1' video, '2' audio), for the
 * screens that start a call with a client: a conversation, a client row, an appointment. The
 * screen passes what happens (connections' `useRequestCall`).
 */
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export function StartCallButtons({
  name,
  onCall,
  disabled,
  compact = false,
}: {
  /** The client's name, for the buttons' accessible names. */
  name: string;
  onCall(media: 'video' | 'audio'): void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation('calls');
  const size = compact ? 'px-2 py-1 text-xs' : '';
  return (
    <span className="inline-flex gap-2">
      <Button
        variant="secondary"
        className={size}
        disabled={disabled}
        aria-label={t('start.videoWith', { name })}
        onClick={() => onCall('video')}
      >
        {t('start.video')}
      </Button>
      <Button
        variant="secondary"
        className={size}
        disabled={disabled}
        aria-label={t('start.audioWith', { name })}
        onClick={() => onCall('audio')}
      >
        {t('start.audio')}
      </Button>
    </span>
  );
}
