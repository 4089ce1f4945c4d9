/**
 * The dashboard of a provider who is not ready for clients yet (issue 26): her steps to the first
 * consultation (onboarding-steps.ts), each done or not from the server's answers and linking to
 * where it is done, the next one highlighted.
 */
import { CircleAlert, CircleCheck, Circle, Hourglass, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OnboardingState, OnboardingStep } from './onboarding-steps';

const STATE_ICON: Record<OnboardingState, { icon: LucideIcon; tone: string }> = {
  done: { icon: CircleCheck, tone: 'text-emerald-600' },
  todo: { icon: Circle, tone: 'text-slate-400' },
  waiting: { icon: Hourglass, tone: 'text-amber-600' },
  attention: { icon: CircleAlert, tone: 'text-red-600' },
};

/** The body and action of a step in its state: `steps.<key>.body|action` with a state's variant. */
function variant(step: OnboardingStep): string {
  return step.state === 'todo' ? '' : `_${step.state}`;
}

export function OnboardingChecklist({ steps }: { steps: readonly OnboardingStep[] }) {
  const { t } = useTranslation('workspace');
  const done = steps.filter((s) => s.state === 'done').length;
  return (
    <section
      aria-labelledby="onboarding-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="onboarding-title" className="text-lg font-semibold text-slate-900">
          {t('onboarding.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('onboarding.progress', { done, total: steps.length })}</p>
      </div>
      <p className="text-sm text-slate-600">{t('onboarding.intro')}</p>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => {
          const { icon: Icon, tone } = STATE_ICON[step.state];
          const v = variant(step);
          return (
            <li
              key={step.key}
              data-step={step.key}
              data-state={step.state}
              aria-current={step.next ? 'step' : undefined}
              className={`flex flex-wrap items-center gap-4 rounded-xl p-4 ${step.next ? 'bg-brand-50 ring-2 ring-brand' : 'ring-1 ring-slate-200'}`}
            >
              <Icon aria-hidden className={`h-6 w-6 shrink-0 ${tone}`} />
              <div className="min-w-48 flex-1">
                <h3 className="font-medium text-slate-900">
                  {t(`onboarding.steps.${step.key}.title`)}
                  <span className="ml-2 text-xs font-normal text-slate-600">
                    ({t(`onboarding.state.${step.state}`)})
                  </span>
                </h3>
                <p className="text-sm text-slate-600">{t(`onboarding.steps.${step.key}.body${v}`)}</p>
              </div>
              {step.next && (
                <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-medium text-white">
                  {t('onboarding.next')}
                </span>
              )}
              <Link
                to={step.to}
                className={
                  step.next
                    ? 'rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-600'
                    : 'text-sm font-medium text-brand hover:underline'
                }
              >
                {t(`onboarding.steps.${step.key}.action${v}`)}
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
