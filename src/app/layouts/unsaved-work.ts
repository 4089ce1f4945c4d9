/**
 * What the provider typed and has not saved or sent, in every tab of this browser: her drafts
 * (src/app/session drafts) and the chat messages still waiting in the kept outbox. The automatic
 * logoff's warning names them (they are kept and offered back), and signing out on purpose asks
 * before deleting them (docs/security.md "Automatic logoff").
 */
import i18next from 'i18next';
import type { Connections } from '../connections';
import type { Draft, Drafts } from '../session';

export interface UnsavedWork {
  drafts: Draft[];
  /** Chat messages written and not sent yet. */
  unsentMessages: number;
}

/** The signed-in provider's unsaved work now (nothing when it cannot be read). */
export async function unsavedWork(
  drafts: Drafts,
  userInfo: { userId: number; chatId: number } | null,
  keptOutbox: Connections['keptOutbox'],
): Promise<UnsavedWork> {
  if (!userInfo) return { drafts: [], unsentMessages: 0 };
  const [stored, unsentMessages] = await Promise.all([
    drafts.stored(userInfo.userId),
    keptOutbox.unsent(userInfo.chatId).catch(() => 0),
  ]);
  return { drafts: stored, unsentMessages };
}

export const hasUnsavedWork = (work: UnsavedWork) => work.drafts.length > 0 || work.unsentMessages > 0;

/** A draft as the lists name it ("Expert report on Ava Thompson"). */
export function draftLabel(draft: Pick<Draft, 'kind' | 'about'>): string {
  if (draft.kind === 'report') return i18next.t('drafts.report', { about: draft.about ?? '' });
  if (draft.kind === 'message')
    return draft.about ? i18next.t('drafts.message', { about: draft.about }) : i18next.t('drafts.messageTo');
  return i18next.t(draft.kind === 'profile' ? 'drafts.profile' : 'drafts.contact');
}

/** Every item of the work, named. */
export function unsavedLabels(work: UnsavedWork): string[] {
  return [
    ...work.drafts.map(draftLabel),
    ...(work.unsentMessages > 0 ? [i18next.t('drafts.unsentMessages', { count: work.unsentMessages })] : []),
  ];
}
