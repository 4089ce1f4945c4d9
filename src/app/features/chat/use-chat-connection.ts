/** Keeps the chat connected while there is a session token (main layout; spec §4 login flow). */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { wireChatEvents } from './chat-events';
import { startChat } from './chat-runtime';
import { afterLogin } from './chat-sync';

export function useChatConnection(token: string | null, enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !enabled) return;
    return startChat({ queryClient, wire: wireChatEvents, afterLogin });
  }, [token, enabled, queryClient]);
}
