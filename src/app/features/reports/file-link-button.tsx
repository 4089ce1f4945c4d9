/**
 * A link call (spec §7 "Content and cycle data"): the server draws the PDF and answers a link that
 * expires; the button opens it. The window is opened on the click itself (a window opened after
 * the answer would be stopped by the popup blocker) and pointed at the file when it is ready.
 * Failure: 'Failed to generate file, please try again!' (spec §8).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FileLink } from '../../../shared/api/cycle-data';
import { Button } from '../../components/button';
import { usePortalApi, useToasts } from '../../root';
import { ApiError, NO_REPORT_ACCESS } from '../../../rest';

export function FileLinkButton({
  label,
  request,
}: {
  label: string;
  request(): Promise<z.infer<typeof FileLink>>;
}) {
  const toasts = useToasts();
  const api = usePortalApi();
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  const open = async () => {
    const target = window.open('', '_blank');
    setBusy(true);
    try {
      const link = await request();
      const url = new URL(link.url, window.location.origin).toString();
      if (target) target.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      target?.close();
      if (error instanceof ApiError && (error.isTokenError || error.code === NO_REPORT_ACCESS))
        api.handleError(error);
      else toasts.show(t('fileFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void open()}>
      {label}
    </Button>
  );
}
