/**
 * The top bar: page title, language switcher, the provider and sign-out (which asks first when
 * something typed is not saved or sent: sign-out-button.tsx). The title is shown, not a heading:
 * each page has its one level-1 heading in the main region (docs/conventions.md "Accessibility").
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LanguageSwitcher } from '../components/language-switcher';
import { useSession } from '../root';
import { SignOut } from './sign-out';

export function TopBar({ title, transparent = false }: { title: string; transparent?: boolean }) {
  const { t } = useTranslation();
  const { userInfo } = useSnapshot(useSession().state);
  return (
    <header
      className={`sticky top-0 z-30 flex items-center gap-4 px-4 py-3 sm:px-6 ${transparent ? 'bg-transparent' : 'border-b border-slate-200 bg-white'}`}
      data-transparent={transparent || undefined}
    >
      <p className="flex-1 truncate text-lg font-semibold text-slate-900">{title}</p>
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
      <SignOut
        trigger={(start) => (
          <button
            type="button"
            onClick={start}
            className="rounded-lg px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100"
          >
            {t('actions.signOut')}
          </button>
        )}
      />
    </header>
  );
}
