/** A report's content as the member receives it, read-only (review, and reports held by others). */
import { PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '../../../shared/api/expert-reports';

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold text-slate-800">{title}</h3>
      {children}
    </section>
  );
}

export function ReportContentView({ report }: { report: ReportDetail }) {
  const { t } = useTranslation('reports');
  const c = report.content;
  const none = <p className="text-sm text-slate-500">—</p>;
  const steps = [...report.toDos.map((d) => d.text), ...c.customToDos];
  return (
    <section
      aria-label={t('view.title')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 className="font-semibold">{t('view.title')}</h2>
      <Part title={t('editor.categories')}>
        {report.categories.length === 0 ? (
          none
        ) : (
          <ul className="flex flex-wrap gap-2">
            {report.categories.map((cat) => (
              <li key={cat.id} className="rounded-full bg-brand-50 px-3 py-1 text-xs text-brand-700">
                {cat.name}
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part title={t('editor.summary')}>
        {c.summary.trim() ? <p className="whitespace-pre-wrap text-sm text-slate-800">{c.summary}</p> : none}
      </Part>
      <Part title={t('editor.toDos')}>
        {steps.length === 0 ? (
          none
        ) : (
          <ol className="list-decimal pl-5 text-sm">
            {steps.map((s, i) => (
              <li key={`${i}-${s}`}>{s}</li>
            ))}
          </ol>
        )}
      </Part>
      <Part title={t('view.lifestyle')}>
        {report.lifestyle.length === 0 ? (
          none
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {report.lifestyle.map((l) => (
              <li key={l.id}>
                <span className="text-slate-500">{t(`area.${l.area}`)}:</span> {l.text}
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part title={t('editor.recommended')}>
        {report.blogs.length + report.videos.length === 0 ? (
          none
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {report.blogs.map((b) => (
              <li key={`b${b.id}`}>
                <a href={b.url} target="_blank" rel="noreferrer" className="text-brand hover:underline">
                  {b.title}
                </a>
              </li>
            ))}
            {report.videos.map((v) => (
              <li key={`v${v.id}`}>
                <a
                  href={v.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-brand hover:underline"
                >
                  <PlayCircle aria-hidden className="h-4 w-4 shrink-0" />
                  {v.title}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Part>
      {report.tags.length > 0 && (
        <Part title={t('editor.tags')}>
          <p className="text-sm">{report.tags.map((tag) => tag.name).join(', ')}</p>
        </Part>
      )}
      <Part title={t('editor.followUp')}>
        <p className="text-sm">
          {c.followUpWeeks === null ? '—' : t('view.followUpIn', { count: c.followUpWeeks })}
        </p>
      </Part>
    </section>
  );
}
