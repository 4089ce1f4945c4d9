/** The context the portal runtime's connections are read through (connections.ts). */
import { requiredContext } from '../components/required-context';
import type { Connections } from './connections';

const runtime = requiredContext<Connections>(
  'The portal runtime is read inside the signed-in shell (ConnectionsProvider)',
);
export const ConnectionsContext = runtime.Context;
export const useConnections = runtime.use;
