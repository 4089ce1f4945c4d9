/**
 * /settings: language, contact details (without a new review), password change, the second factor
 * (docs/security.md "Second factor"), notification preferences, the members she blocked in the
 * chat, the pre-call check of camera, microphone and connection, sign-out, the accepted agreement
 * versions and account cancellation.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERY_ROOTS } from '../../api/query-keys';
import { Button } from '../../components/button';
import { LanguageSwitcher } from '../../components/language-switcher';
import type { DoctorInfo } from '../../../shared/api/account';
import { AgreementsSection, CancelAccountSection, ContactDetailsForm } from '../../features/account';
import { ChangePasswordForm } from '../../features/auth';
import { BlockedMembers } from '../../features/chat';
import { usePortalApi, useSession } from '../../root';
import { DOCTOR_INFO_KEY, doctorInfoQuery } from '../../features/profile';
import { NotificationSettingsForm } from '../../features/notifications';
import { SecondFactorSettings } from '../../features/second-factor';
import { PreCallCheckLauncher } from '../../features/calls/pre-call-check';
import { SignOut } from '../../layouts/sign-out';
import { ReadFailure } from '../../components/query-failed';

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="mb-1 text-lg font-semibold">{title}</h2>
      {intro && <p className="mb-4 text-sm text-slate-600">{intro}</p>}
      {children}
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'common', 'workspace', 'notifications', 'calls', 'messages']);
  const client = useQueryClient();
  const session = useSession();
  const api = usePortalApi();
  const info = useQuery(doctorInfoQuery(api));
  const saved = (next: DoctorInfo) => {
    session.updateUserInfo(next);
    client.setQueryData(DOCTOR_INFO_KEY, next);
    // Her zone is her schedule's too (docs/architecture.md §3 "Her time zone"): its days are asked again.
    if (next.timezone !== info.data?.timezone)
      for (const root of [QUERY_ROOTS.schedule, QUERY_ROOTS.calendar, QUERY_ROOTS.dashboard])
        void client.invalidateQueries({ queryKey: root });
  };
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('common:routes.settings')}</h1>
      <Section title={t('settings:language.title')} intro={t('settings:language.intro')}>
        <LanguageSwitcher />
      </Section>
      <Section title={t('settings:contact.title')} intro={t('settings:contact.intro')}>
        {info.data && <ContactDetailsForm key={info.data.userId} info={info.data} onSaved={saved} />}
        <ReadFailure read={info} />
      </Section>
      <Section title={t('settings:password.title')}>
        <ChangePasswordForm />
      </Section>
      <Section title={t('auth:secondFactor.settings.title')} intro={t('auth:secondFactor.settings.intro')}>
        <SecondFactorSettings />
      </Section>
      <Section title={t('notifications:settings.title')} intro={t('notifications:settings.intro')}>
        <NotificationSettingsForm />
      </Section>
      <Section title={t('messages:block.listTitle')} intro={t('messages:block.listIntro')}>
        <BlockedMembers />
      </Section>
      <Section title={t('calls:precheck.title')} intro={t('calls:precheck.settingsIntro')}>
        <PreCallCheckLauncher />
      </Section>
      <Section title={t('settings:session.title')} intro={t('settings:session.intro')}>
        <SignOut
          trigger={(start) => (
            <Button variant="secondary" onClick={start}>
              {t('settings:session.signOut')}
            </Button>
          )}
        />
      </Section>
      <Section title={t('settings:agreements.title')} intro={t('settings:agreements.intro')}>
        <AgreementsSection />
      </Section>
      <Section title={t('workspace:account.title')} intro={t('workspace:account.intro')}>
        <CancelAccountSection />
      </Section>
    </div>
  );
}
