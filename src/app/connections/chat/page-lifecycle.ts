/**
 * The chat of this tab when the page is hidden, frozen or goes away (the Page Lifecycle API;
 * docs/architecture.md §3 "Chat sessions end with their page"). What the tab received is
 * acknowledged at once (XEP-0198 §4) whenever the page is hidden, frozen or left, so a page that
 * never comes back leaves the server nothing it already showed. A page that is unloaded for good
 * (`pagehide` not kept in the back/forward cache: closed, reloaded, navigated away) also closes
 * its stream, so its chat session ends now instead of hibernating for the resumption window; a
 * reload logs in afresh anyway (docs/lessons.md §2). A page kept in the back/forward cache keeps
 * its stream: back within the window it resumes, as after a network drop.
 */
import type { ChatClient } from '../../../xmpp';

type LifecycleChat = Pick<ChatClient, 'acknowledge' | 'disconnect'>;

export function wirePageLifecycle(chat: LifecycleChat, page: Window = window): () => void {
  const acknowledge = () => chat.acknowledge();
  const onHidden = () => {
    if (page.document.visibilityState === 'hidden') acknowledge();
  };
  const onPageHide = (event: PageTransitionEvent) => {
    acknowledge();
    if (event.persisted) return;
    chat.disconnect().catch((error: unknown) => console.warn('Chat close on page exit', error));
  };
  page.document.addEventListener('visibilitychange', onHidden);
  page.document.addEventListener('freeze', acknowledge);
  page.addEventListener('pagehide', onPageHide);
  return () => {
    page.document.removeEventListener('visibilitychange', onHidden);
    page.document.removeEventListener('freeze', acknowledge);
    page.removeEventListener('pagehide', onPageHide);
  };
}
