/** Spec §6: "Messaging calls carry platform value PROVIDER_ADVISOR" (src/shared/api/messaging.ts). */
import { PLATFORM } from '../shared/constants';

/** The query of a messaging call: `platform` plus the call's own fields. */
export function messaging<Q extends object>(query?: Q): Q & { platform: typeof PLATFORM } {
  return { ...(query ?? ({} as Q)), platform: PLATFORM };
}
