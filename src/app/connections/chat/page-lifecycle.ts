/**
 * The chat of this tab when the page is hidden, frozen or goes away (the Page Lifecycle API;
 * docs/architecture.md §3 "Chat sessions end with their page"). What the connection received is
 * acknowledged at once (XEP-0198 §4) whenever the page is hidden, frozen or left, so a page that
 * never comes back leaves the server nothing it already showed. A page that is unloaded for good
 * (`pagehide` not kept in the back/forward cache: closed, reloaded, navigated away) leaves the
 * shared connection: if it held it, its stream closes now (its chat session ends at once instead
 * of hibernating for the resumption window) and another tab takes it over. A page kept in the
 * back/forward cache, or frozen, lets the connection go too — a page that cannot run cannot serve
 * the other tabs — and joins again when it is shown or resumed (docs/architecture.md §3 "One chat
 * connection per browser"). Either way `pageLeft` runs first, while the chat is still there: a
 * call of this page hangs up (docs/calls.md "Leaving the page").
 */
import type { ChatClient, SharedChatClient } from '../../../xmpp';

type LifecycleChat = Pick<ChatClient, 'acknowledge' | 'disconnect'> &
  Partial<Pick<SharedChatClient, 'suspend' | 'resume'>>;

export function wirePageLifecycle(
  chat: LifecycleChat,
  page: Window = window,
  pageLeft: () => void = () => undefined,
): () => void {
  const acknowledge = () => chat.acknowledge();
  const onHidden = () => {
    if (page.document.visibilityState === 'hidden') acknowledge();
  };
  const onFreeze = () => {
    acknowledge();
    chat.suspend?.();
  };
  const onResume = () => chat.resume?.();
  const onPageHide = (event: PageTransitionEvent) => {
    pageLeft();
    acknowledge();
    if (event.persisted) return void chat.suspend?.();
    chat.disconnect().catch((error: unknown) => console.warn('Chat close on page exit', error));
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) onResume();
  };
  page.document.addEventListener('visibilitychange', onHidden);
  page.document.addEventListener('freeze', onFreeze);
  page.document.addEventListener('resume', onResume);
  page.addEventListener('pagehide', onPageHide);
  page.addEventListener('pageshow', onPageShow);
  return () => {
    page.document.removeEventListener('visibilitychange', onHidden);
    page.document.removeEventListener('freeze', onFreeze);
    page.document.removeEventListener('resume', onResume);
    page.removeEventListener('pagehide', onPageHide);
    page.removeEventListener('pageshow', onPageShow);
  };
}
