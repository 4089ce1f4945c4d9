/** Keeps the app socket open while there is a session token (main layout; spec §7). */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { startAppSocket } from './app-socket-connection';

export function useAppSocket(token: string | null, onRejected: () => void): void {
  const queryClient = useQueryClient();
  const rejected = useRef(onRejected);
  useEffect(() => {
    rejected.current = onRejected;
  }, [onRejected]);
  useEffect(() => {
    if (!token) return;
    return startAppSocket({ token, queryClient, onRejected: () => rejected.current() });
  }, [token, queryClient]);
}
