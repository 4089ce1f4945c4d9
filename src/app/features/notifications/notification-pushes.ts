/**
 * The notifications feature's part in the app socket's life (connections/ AppSocketPlugin): a
 * red-dot push (spec §4) sets the menu red dot and refreshes the notification tree and the
 * centre's lists; every (re)connect catches up on what arrived while the socket was down.
 */
import type { AppSocketPlugin } from '../../connections';
import { fetchFresh } from '../../api/fetch-fresh';
import { NOTIFICATIONS_KEY, notificationTreeQuery } from './queries';
import { applyPush, applyTree, resetRedDots } from './red-dot-store';

export const notificationPushes: AppSocketPlugin = {
  wire(socket, queryClient) {
    const refreshTree = async () => {
      try {
        applyTree(await fetchFresh(queryClient, notificationTreeQuery()));
      } catch {
        // The API client's error policy has shown the failure (or signed the user out).
      }
    };
    const offs = [
      socket.on('state', ({ state }) => {
        if (state === 'connected') void refreshTree();
      }),
      socket.on('redDot', (push) => {
        applyPush(push.count);
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
        void refreshTree();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  },
  reset: resetRedDots,
};
