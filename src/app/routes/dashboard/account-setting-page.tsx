/**
 * /Dashboard/account-setting?tab=availability|providerProfile[&isEdit=1] (spec §2): the provider's
 * availability and profile, read-only or (isEdit=1) editable.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ProfileForm, ProfileView, useAuditInfo } from '../../features/profile';
import { AvailabilitySummary, OverridesEditor, useSchedule, WeeklyEditor } from '../../features/schedule';
import { accountSettingPath, paths } from '../../paths';
import { QueryWaiting } from '../../router/query-waiting';

type Tab = 'availability' | 'providerProfile';

function AvailabilityTab({ edit }: { edit: boolean }) {
  const schedule = useSchedule();
  if (!schedule.data) return <QueryWaiting query={schedule} />;
  return edit ? (
    <div className="flex flex-col gap-6">
      <WeeklyEditor schedule={schedule.data} />
      <OverridesEditor schedule={schedule.data} />
    </div>
  ) : (
    <AvailabilitySummary schedule={schedule.data} />
  );
}

function ProfileTab({ edit }: { edit: boolean }) {
  const { t } = useTranslation('profile');
  const audit = useAuditInfo();
  if (!audit.data) return <QueryWaiting query={audit} />;
  const { consultInfo, auditStatus } = audit.data;
  if (auditStatus === 'NEED_AUDIT') {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('view.underReview')}</p>
        {consultInfo && <ProfileView info={consultInfo} />}
      </div>
    );
  }
  if (edit || !consultInfo) {
    return (
      <div className="flex flex-col gap-4">
        {auditStatus === 'AUDIT_PASSED' && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('view.resubmitWarning')}</p>
        )}
        <ProfileForm info={consultInfo} />
      </div>
    );
  }
  return <ProfileView info={consultInfo} />;
}

export default function AccountSettingPage() {
  const { t } = useTranslation(['schedule', 'profile', 'common']);
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'providerProfile' ? 'providerProfile' : 'availability';
  const edit = params.get('isEdit') === '1';
  const tabs: Array<[Tab, string]> = [
    ['availability', t('schedule:tab')],
    ['providerProfile', t('profile:tab')],
  ];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('common:routes.accountSetting')}</h1>
        {!edit && (
          <Link
            to={accountSettingPath(tab, true)}
            className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white"
          >
            {t('profile:status.edit')}
          </Link>
        )}
        {edit && (
          <Link
            to={tab === 'availability' ? paths.calendar : accountSettingPath(tab)}
            className="text-sm text-brand underline"
          >
            {tab === 'availability' ? t('schedule:seeCalendar') : t('profile:view.title')}
          </Link>
        )}
      </header>
      <nav role="tablist" className="flex gap-2 border-b border-slate-200">
        {tabs.map(([key, label]) => (
          <Link
            key={key}
            role="tab"
            aria-selected={tab === key}
            to={accountSettingPath(key, edit)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === key ? 'border-brand text-brand' : 'border-transparent text-slate-600'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <div role="tabpanel">
        {tab === 'availability' ? <AvailabilityTab edit={edit} /> : <ProfileTab edit={edit} />}
      </div>
    </div>
  );
}
