/**
 * The report editor (spec §7 "Expert reports"): findings (categories), steps for the member
 * (to-do items, chosen and her own), lifestyle advice, the expert opinion as free text, recommended
 * content and a follow-up; saved as a draft (JSON body) and completed. The save state is always
 * shown; unsaved changes survive leaving the editor, a reload and the automatic logoff
 * (use-leave-guard.ts, draft-store.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ReportContent, ReportDetail } from '../../../shared/api/expert-reports';
import { LIFESTYLE_AREAS } from '../../../shared/expert-reports';
import { reportCalls } from '../../api/domain-calls';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextArea } from '../../components/field';
import { formatTime } from '../../components/format';
import { QueryFailed } from '../../components/query-failed';
import { TallLoading } from '../../components/tall-loading';
import { WhenNear } from '../../components/when-near';
import { useConfirmedAction } from './confirm-action';
import { ContentPicker } from './content-picker';
import { useDrafts, usePortalApi, useTimeZone } from '../../root';
import { useRestoredDraft } from '../../session';
import {
  dropReportDraft,
  keepReportDraft,
  readReportDraft,
  reportDraftKey,
  sameContent,
} from './draft-store';
import { explainReportError } from './errors';
import { reportReviewPath } from './links';
import { reportKeys, useCatalogue } from './queries';
import { useLeaveGuard } from './use-leave-guard';

type SaveState =
  { kind: 'saved' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'failed'; message: string };

function CheckList<T extends { id: number; text: string }>({
  legend,
  items,
  chosen,
  onChange,
}: {
  legend: string;
  items: readonly T[];
  chosen: readonly number[];
  onChange(ids: number[]): void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      {items.map((item) => (
        <label key={item.id} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={chosen.includes(item.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, item.id] : chosen.filter((x) => x !== item.id))
            }
          />
          <span>{item.text}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ReportEditor({ report }: { report: ReportDetail }) {
  const { t, i18n } = useTranslation('reports');
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const client = useQueryClient();
  const catalogue = useCatalogue();
  const location = useLocation();
  const drafts = useDrafts();
  const api = usePortalApi();
  const [server, setServer] = useState<ReportContent>(report.content);
  const [content, setContent] = useState<ReportContent>(report.content);
  const [savedAt, setSavedAt] = useState(report.savedAt);
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const [draftRead, setDraftRead] = useState(false);
  const [restored, setRestored] = useState(false);
  const [newToDo, setNewToDo] = useState('');
  const dirty = !sameContent(content, server);
  const blocker = useLeaveGuard(dirty);
  const latest = useRef(content);
  const saveState = useRef<HTMLParagraphElement>(null);
  latest.current = content;

  // What was not saved last time (a reload, the automatic logoff) comes back as unsaved changes,
  // unless she has started editing meanwhile.
  useRestoredDraft(drafts, reportDraftKey(report.reportId), (draft) => {
    const kept = draft && readReportDraft(draft.value);
    if (kept && !sameContent(kept, report.content) && sameContent(latest.current, report.content)) {
      setContent(kept);
      setState({ kind: 'dirty' });
      setRestored(true);
    }
    setDraftRead(true);
  });
  // Every change is kept at once (once the kept one was read back); it is dropped once saved.
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!draftRead) return;
    if (dirty) keepReportDraft(drafts, report, content, path);
    else dropReportDraft(drafts, report.reportId);
  }, [drafts, draftRead, dirty, content, report, path]);

  const edit = (next: Partial<ReportContent>) => {
    setContent((c) => ({ ...c, ...next }));
    setState({ kind: 'dirty' });
  };

  const save = async (): Promise<boolean> => {
    const sent = latest.current;
    setState({ kind: 'saving' });
    try {
      const saved = await reportCalls(api).save({ reportId: report.reportId, ...sent }, { quiet: true });
      client.setQueryData(reportKeys.detail(report.reportId), saved);
      void client.invalidateQueries({ queryKey: reportKeys.lists });
      setServer(saved.content);
      setSavedAt(saved.savedAt);
      // Typing during the save leaves the newer text unsaved.
      setState(sameContent(latest.current, saved.content) ? { kind: 'saved' } : { kind: 'dirty' });
      return true;
    } catch (error) {
      setState({ kind: 'failed', message: explainReportError(api, error) });
      return false;
    }
  };

  const completion = useConfirmedAction(() => {
    dropReportDraft(drafts, report.reportId);
    navigate(reportReviewPath(report.reportId), { replace: true });
  });
  const complete = async () => {
    if (dirty && !(await save())) return;
    completion.ask('complete', report);
  };

  const lifestyleByArea = useMemo(
    () =>
      LIFESTYLE_AREAS.map((area) => ({
        area,
        items: (catalogue.data?.lifestyle ?? []).filter((l) => l.area === area),
      })),
    [catalogue.data],
  );
  const chosenCategories = new Set(content.categoryIds);
  const toDos = [...(catalogue.data?.toDos ?? [])].sort(
    (a, b) =>
      Number(chosenCategories.has(b.categoryId ?? -1)) - Number(chosenCategories.has(a.categoryId ?? -1)),
  );

  const status =
    state.kind === 'saving'
      ? t('editor.saving')
      : state.kind === 'failed'
        ? t('editor.saveFailed', { reason: state.message })
        : dirty
          ? t('editor.unsaved')
          : savedAt
            ? t('editor.savedAt', { time: formatTime(savedAt, i18n.language, timeZone) })
            : t('editor.notSavedYet');

  return (
    <section
      aria-label={t('editor.title')}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold">{t('editor.title')}</h2>
        <p
          ref={saveState}
          role="status"
          tabIndex={-1}
          data-testid="save-state"
          className={`text-sm focus:outline-none ${state.kind === 'failed' ? 'text-red-600' : dirty ? 'text-amber-700' : 'text-slate-500'}`}
        >
          {status}
        </p>
      </div>
      {restored && dirty && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <span>{t('editor.restored')}</span>
          <Button
            variant="secondary"
            onClick={() => {
              setContent(server);
              setState({ kind: 'saved' });
            }}
          >
            {t('editor.discard')}
          </Button>
        </div>
      )}
      {catalogue.isPending ? (
        <TallLoading />
      ) : !catalogue.data ? (
        // Without the catalogue her findings and to-dos would show unticked: not edited, not completed.
        <QueryFailed onRetry={() => void catalogue.refetch()} />
      ) : (
        <>
          <CheckList
            legend={t('editor.categories')}
            items={(catalogue.data?.categories ?? []).map((c) => ({
              id: c.id,
              text: `${c.name} — ${c.description}`,
            }))}
            chosen={content.categoryIds}
            onChange={(categoryIds) => edit({ categoryIds })}
          />
          <TextArea
            label={t('editor.summary')}
            hint={t('editor.summaryHint')}
            value={content.summary}
            rows={8}
            maxLength={10_000}
            onChange={(e) => edit({ summary: e.target.value })}
          />
          <CheckList
            legend={t('editor.toDos')}
            items={toDos}
            chosen={content.toDoIds}
            onChange={(toDoIds) => edit({ toDoIds })}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('editor.customToDos')}</legend>
            <ul className="flex flex-col gap-1 text-sm">
              {content.customToDos.map((text, i) => (
                <li key={`${i}-${text}`} className="flex items-center justify-between gap-2">
                  <span>{text}</span>
                  <Button
                    variant="ghost"
                    aria-label={t('editor.removeItem', { title: text })}
                    onClick={() => edit({ customToDos: content.customToDos.filter((_, j) => j !== i) })}
                  >
                    {t('editor.remove')}
                  </Button>
                </li>
              ))}
            </ul>
            {content.customToDos.length < 10 && (
              <div className="flex gap-2">
                <input
                  aria-label={t('editor.newToDo')}
                  placeholder={t('editor.newToDo')}
                  value={newToDo}
                  maxLength={300}
                  onChange={(e) => setNewToDo(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && newToDo.trim()) {
                      e.preventDefault();
                      edit({ customToDos: [...content.customToDos, newToDo.trim()] });
                      setNewToDo('');
                    }
                  }}
                  className="flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                <Button
                  variant="secondary"
                  disabled={!newToDo.trim()}
                  onClick={() => {
                    edit({ customToDos: [...content.customToDos, newToDo.trim()] });
                    setNewToDo('');
                  }}
                >
                  {t('editor.add')}
                </Button>
              </div>
            )}
          </fieldset>
          <div className="grid gap-4 md:grid-cols-2">
            {lifestyleByArea
              .filter((g) => g.items.length > 0)
              .map((g) => (
                <CheckList
                  key={g.area}
                  legend={t(`area.${g.area}`)}
                  items={g.items}
                  chosen={content.lifestyleIds}
                  onChange={(lifestyleIds) => edit({ lifestyleIds })}
                />
              ))}
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('editor.recommended')}</h3>
            <WhenNear className="min-h-48">
              <ContentPicker
                value={{ blogIds: content.blogIds, videoIds: content.videoIds, tagIds: content.tagIds }}
                chosen={report}
                onChange={(picked) => edit(picked)}
              />
            </WhenNear>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">{t('editor.followUp')}</span>
            <input
              type="number"
              min={1}
              max={52}
              value={content.followUpWeeks ?? ''}
              onChange={(e) =>
                edit({
                  followUpWeeks:
                    e.target.value === '' ? null : Math.min(52, Math.max(1, Number(e.target.value))),
                })
              }
              className="w-20 rounded-lg border border-slate-300 px-2 py-1"
            />
            <span className="text-slate-500">{t('editor.weeks')}</span>
          </label>
        </>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-4">
        <Button
          variant="secondary"
          onClick={() => {
            // The button is disabled while saving and once saved: focus goes to what the save
            // says, not to the document (docs/conventions.md "Accessibility").
            saveState.current?.focus();
            void save();
          }}
          busy={state.kind === 'saving'}
          disabled={!dirty}
        >
          {t('editor.saveDraft')}
        </Button>
        <Button onClick={() => void complete()} disabled={state.kind === 'saving' || !catalogue.data}>
          {t('action.complete.button')}
        </Button>
      </div>
      {completion.dialog}
      <Dialog
        open={blocker.state === 'blocked'}
        title={t('leave.title')}
        onCancel={() => blocker.reset?.()}
        cancelLabel={t('leave.stay')}
        onDone={() => {
          void save().then((ok) => (ok ? blocker.proceed?.() : blocker.reset?.()));
        }}
        doneLabel={t('leave.saveAndLeave')}
        busy={state.kind === 'saving'}
      >
        <p>{t('leave.body')}</p>
        <Button variant="ghost" className="mt-3 px-0" onClick={() => blocker.proceed?.()}>
          {t('leave.leaveKeeping')}
        </Button>
      </Dialog>
    </section>
  );
}
