/**
 * The app socket as the portal reads it (spec §7 "Real-time app socket") and the plugins that take
 * part in its life, apart from app-socket-connection.ts: the signed-in shell holds this state from
 * its first render, while the socket's code (STOMP, protobuf) loads after the first paint
 * (docs/performance.md "Route budgets").
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AppSocket, AppSocketState } from '../../../socket';
import { createExternalStore, type ExternalStore } from '../external-store';

/** A feature's part in the socket's life (the signed-in shell hands these to the connection). */
export interface AppSocketPlugin {
  /** Wires the plugin's listeners before the socket starts; returns the unwiring. */
  wire(socket: AppSocket, queryClient: QueryClient): () => void;
  /** The socket closed for good (sign-out): drop what was kept. */
  reset?(): void;
}

export interface AppSocketSnapshot {
  /** The open socket, null before sign-in and after sign-out. */
  socket: AppSocket | null;
  state: AppSocketState;
}

/** The socket as React reads it (`useSyncExternalStore`); app-socket-connection.ts writes it. */
export type AppSocketConnectionState = ExternalStore<AppSocketSnapshot>;

export const createAppSocketConnectionState = (): AppSocketConnectionState =>
  createExternalStore<AppSocketSnapshot>({ socket: null, state: 'idle' });
