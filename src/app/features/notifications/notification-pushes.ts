/**
 * The notifications feature's part in the app socket's life (connections/ AppSocketPlugin): a
 * red-dot push (spec §4 "sets the notification red dot and refreshes it") sets the menu red dot,
 * refreshes it with `/message/reddot/refresh` (spec §7) and marks the centre's lists and tree
 * stale; every (re)connect catches up on what arrived while the socket was down.
 */
import type { PortalApi } from '../../api/api-client';
import type { AppSocketPlugin } from '../../connections';
import { notificationCalls } from '../../api/domain-calls';
import { fetchFresh } from '../../api/fetch-fresh';
import { NOTIFICATIONS_KEY, notificationTreeQuery } from './queries';
import type { RedDotStore } from './red-dot-store';

/** The plugin of one signed-in shell, keeping its `redDots`, asking with `api` (the root's client). */
export const notificationPushes = (redDots: RedDotStore, api: PortalApi): AppSocketPlugin => ({
  wire(socket, queryClient) {
    const refreshTree = async () => {
      try {
        redDots.applyTree(await fetchFresh(queryClient, notificationTreeQuery(api)));
      } catch {
        // The API client's error policy has shown the failure (or signed the user out).
      }
    };
    const refreshRedDot = async () => {
      try {
        redDots.applyRedDot(await notificationCalls(api).refresh());
      } catch {
        // The API client's error policy has shown the failure (or signed the user out).
      }
    };
    const offs = [
      socket.on('state', ({ state }) => {
        if (state === 'connected') void refreshTree();
      }),
      socket.on('redDot', (push) => {
        redDots.applyPush(push.count);
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
        void refreshRedDot();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  },
  reset: redDots.reset,
});
