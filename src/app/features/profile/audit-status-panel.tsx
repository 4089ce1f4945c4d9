/**
 * The profile status panel of spec §2 and §4, as a page section or inside the 530 px popup, with
 * exactly the buttons of §4: NEED_AUDIT — View Profile, Edit Availability (its popup: Got it);
 * AUDIT_NOT_PASSED — the reasons and Edit (providerProfile tab); AUDIT_PASSED — Got it, which leads
 * a provider without availability on to setting it (issue 26).
 */
import { Check, CircleAlert, Hourglass, PenLine, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AuditInfo } from '../../../shared/api/profile';
import { AUDIT_PROCESSING_DAYS } from '../../../shared/constants';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { accountSettingPath, paths } from '../../paths';
import { auditTitleKey } from './audit-state';

export type AuditPanelAction = 'viewProfile' | 'editAvailability' | 'edit' | 'gotIt' | 'start';

const TONE: Record<string, string> = {
  NEED_AUDIT: 'bg-amber-100 text-amber-700',
  AUDIT_PASSED: 'bg-emerald-100 text-emerald-700',
  AUDIT_NOT_PASSED: 'bg-red-100 text-red-700',
  NONE: 'bg-brand-100 text-brand-700',
};
const ICON: Record<string, LucideIcon> = {
  NEED_AUDIT: Hourglass,
  AUDIT_PASSED: Check,
  AUDIT_NOT_PASSED: CircleAlert,
  NONE: PenLine,
};

export interface AuditStatusPanelProps {
  audit: AuditInfo;
  /** In the popup the dialog carries the title. */
  inPopup?: boolean;
  /** Called before the panel navigates (the popup closes and records that it was seen). */
  onAction?(action: AuditPanelAction): void;
  /** Where "Got it" on an approval leads: setting availability while she has none (issue 26). */
  approvedNext?: (() => Promise<string | undefined>) | undefined;
}

export function AuditStatusPanel({ audit, inPopup = false, onAction, approvedNext }: AuditStatusPanelProps) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [tipOpen, setTipOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const state = audit.auditStatus ?? 'NONE';
  const Icon = ICON[state]!;
  const go = (action: AuditPanelAction, to?: string) => {
    onAction?.(action);
    if (to) navigate(to);
  };
  return (
    <section
      aria-label={t('status.label')}
      data-audit-status={state}
      className={`flex flex-col items-center gap-4 text-center ${inPopup ? '' : 'mx-auto max-w-xl rounded-2xl bg-white p-10 shadow-sm'}`}
    >
      <span aria-hidden className={`flex h-16 w-16 items-center justify-center rounded-full ${TONE[state]}`}>
        <Icon className="h-8 w-8" />
      </span>
      {/* As a page (/profile/certification/success) the status is the main region's heading. */}
      {!inPopup && (
        <h1 className="text-2xl font-semibold text-slate-900">{t(auditTitleKey(audit.auditStatus))}</h1>
      )}
      <p className="text-slate-600">
        {t(`status.${state}.body`, { min: AUDIT_PROCESSING_DAYS.min, max: AUDIT_PROCESSING_DAYS.max })}
      </p>
      {state === 'AUDIT_NOT_PASSED' && audit.reasons.length > 0 && (
        <ul
          aria-label={t('status.reasons')}
          className="w-full list-disc rounded-lg bg-red-50 py-3 pr-3 pl-8 text-left text-sm text-red-800"
        >
          {audit.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {state === 'NEED_AUDIT' && (
          <>
            <Button variant="secondary" onClick={() => go('viewProfile', paths.profileSetting)}>
              {t('status.viewProfile')}
            </Button>
            <Button onClick={() => setTipOpen(true)}>{t('status.editAvailability')}</Button>
          </>
        )}
        {state === 'AUDIT_NOT_PASSED' && (
          <Button onClick={() => go('edit', accountSettingPath('providerProfile', true))}>
            {t('status.edit')}
          </Button>
        )}
        {state === 'AUDIT_PASSED' && (
          <Button
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              const stay = inPopup ? undefined : paths.dashboard;
              void (approvedNext?.() ?? Promise.resolve(undefined))
                // Not known (offline): she stays, and the dashboard's checklist shows the next step.
                .catch(() => undefined)
                .then((next) => go('gotIt', next ?? stay));
            }}
          >
            {t('status.gotIt')}
          </Button>
        )}
        {state === 'NONE' && (
          <Button onClick={() => go('start', paths.certification)}>{t('status.start')}</Button>
        )}
      </div>
      <Dialog
        open={tipOpen}
        title={t('status.availabilityTip.title')}
        onCancel={() => setTipOpen(false)}
        hideCancel
        onDone={() => {
          setTipOpen(false);
          go('editAvailability', accountSettingPath('availability', true));
        }}
        doneLabel={t('status.gotIt')}
      >
        {t('status.availabilityTip.body')}
      </Dialog>
    </section>
  );
}
