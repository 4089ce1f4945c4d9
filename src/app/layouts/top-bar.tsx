/**
 * The top bar: page title, language switcher, the provider and sign-out. Signing out on purpose
 * with chat messages still unsent in this browser asks first and deletes them on a shared
 * computer (docs/security.md "Automatic logoff"; automatic logoff keeps them).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LazyDialog as Dialog } from '../components/lazy-dialog';
import { LanguageSwitcher } from '../components/language-switcher';
import { keptChatOutbox } from '../connections';
import { signOut } from '../features/auth';
import { session } from '../session';
import { paths } from '../paths';

export function TopBar({ title, transparent = false }: { title: string; transparent?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const [unsent, setUnsent] = useState(0);
  const leave = async () => {
    await signOut();
    navigate(paths.login, { replace: true });
  };
  const askThenLeave = async () => {
    const count = userInfo ? await keptChatOutbox.unsent(userInfo.chatId).catch(() => 0) : 0;
    if (count > 0) setUnsent(count);
    else await leave();
  };
  const deleteThenLeave = async () => {
    if (userInfo) await keptChatOutbox.clear(userInfo.chatId).catch(() => undefined);
    setUnsent(0);
    await leave();
  };
  return (
    <header
      className={`flex items-center gap-4 px-6 py-3 ${transparent ? 'bg-transparent' : 'border-b border-slate-200 bg-white'}`}
      data-transparent={transparent || undefined}
    >
      <h1 className="flex-1 truncate text-lg font-semibold text-slate-900">{title}</h1>
      <LanguageSwitcher />
      {userInfo && (
        <div role="group" className="flex items-center gap-2" aria-label={t('user.menu')}>
          {userInfo.avatar ? (
            <img src={userInfo.avatar} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
            >
              {userInfo.firstName.slice(0, 1)}
              {userInfo.lastName.slice(0, 1)}
            </span>
          )}
          <span className="hidden text-sm font-medium text-slate-700 sm:inline">{userInfo.name}</span>
        </div>
      )}
      <button
        type="button"
        onClick={() => void askThenLeave()}
        className="rounded-lg px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100"
      >
        {t('actions.signOut')}
      </button>
      <Dialog
        open={unsent > 0}
        title={t('signOutUnsent.title')}
        onCancel={() => setUnsent(0)}
        cancelLabel={t('idleLogoff.stay')}
        onDone={() => void deleteThenLeave()}
        doneLabel={t('signOutUnsent.confirm')}
      >
        <p>{t('signOutUnsent.body', { count: unsent })}</p>
      </Dialog>
    </header>
  );
}
