/**
 * The chat connection as the provider sees it (spec §4 chat connection states): connecting,
 * reconnecting, offline (messages wait and go out when the connection is back), or a failed
 * login with the spec §8 message and a reload. When each is told: banner-link.ts.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatLink } from '../../connections';
import { bannerLink, isChatStarting, START_BANNER_DELAY_MS } from './banner-link';

/** True once `starting` has held for START_BANNER_DELAY_MS without a break. */
function useStartOverdue(starting: boolean): boolean {
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    if (!starting) return;
    const timer = setTimeout(() => setOverdue(true), START_BANNER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setOverdue(false);
    };
  }, [starting]);
  return starting && overdue;
}

export function ConnectionBanner() {
  const { t } = useTranslation('messages');
  const { link: current, failure, waiting } = useChatLink();
  const link = bannerLink(current, waiting, useStartOverdue(isChatStarting(current)));
  if (link === null) return null;
  const tone =
    link === 'failed' || link === 'offline' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-800';
  return (
    <div
      role="status"
      data-link={link}
      className={`flex items-center gap-3 rounded-lg px-4 py-2 text-sm ${tone}`}
    >
      <span className="flex-1">
        {link === 'failed' && failure ? t(failure) : t(`link.${link}`)}
        {waiting > 0 && ` ${t('waiting', { count: waiting })}`}
      </span>
      {link === 'failed' && (
        <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
      )}
    </div>
  );
}
