/** Keeps the app socket open while there is a session token (main layout; spec §7). */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startAppSocket } from './app-socket-connection';

export function useAppSocket(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return startAppSocket({ token, queryClient });
  }, [token, queryClient]);
}
