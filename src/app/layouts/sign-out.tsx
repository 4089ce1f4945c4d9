/**
 * Signing out on purpose (the top bar, Settings). With anything typed and not saved or sent in this
 * browser — drafts, chat messages waiting — it asks first, names it, and deletes it on a shared
 * computer only when confirmed; "Stay signed in" keeps everything (docs/security.md "Automatic
 * logoff"; automatic logoff keeps it all without asking).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LazyDialog as Dialog } from '../components/lazy-dialog';
import { useKeptOutbox } from '../connections';
import { signOut } from '../features/auth';
import { useDrafts, usePortalApi, useSession } from '../root';
import { paths } from '../paths';
import { hasUnsavedWork, unsavedLabels, unsavedWork, type UnsavedWork } from './unsaved-work';

/** `trigger` renders what starts it (a button of the page's own kind), given the function to call. */
export function SignOut({ trigger }: { trigger(start: () => void): ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const api = usePortalApi();
  const drafts = useDrafts();
  const { userInfo } = useSnapshot(session.state);
  const [asking, setAsking] = useState<UnsavedWork | null>(null);
  const keptOutbox = useKeptOutbox();
  const leave = async () => {
    // The end on purpose leaves no page to return to, least of all a deleted draft's (session-store.ts).
    await signOut(session, api);
    navigate(paths.login, { replace: true });
  };
  const askThenLeave = async () => {
    const work = await unsavedWork(drafts, userInfo, keptOutbox);
    if (hasUnsavedWork(work)) setAsking(work);
    else await leave();
  };
  const deleteThenLeave = async () => {
    if (userInfo) {
      await keptOutbox.clear(userInfo.chatId).catch(() => undefined);
      await drafts
        .deleteAll(userInfo.userId)
        .catch((error: unknown) => console.warn('Drafts storage', error));
    }
    setAsking(null);
    await leave();
  };
  const onlyMessages = asking !== null && asking.drafts.length === 0;
  return (
    <>
      {trigger(() => void askThenLeave())}
      <Dialog
        open={asking !== null}
        title={t(onlyMessages ? 'signOutUnsent.title' : 'signOutUnsaved.title')}
        onCancel={() => setAsking(null)}
        cancelLabel={t('idleLogoff.stay')}
        onDone={() => void deleteThenLeave()}
        doneLabel={t('signOutUnsent.confirm')}
      >
        {asking && onlyMessages && <p>{t('signOutUnsent.body', { count: asking.unsentMessages })}</p>}
        {asking && !onlyMessages && (
          <>
            <p>{t('signOutUnsaved.body')}</p>
            <ul className="mt-2 list-disc pl-5">
              {unsavedLabels(asking).map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </>
  );
}
