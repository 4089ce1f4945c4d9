/**
 * Spec §6: "Messaging calls carry platform value PROVIDER_ADVISOR". Every own-API call under
 * `/message/` takes `platform` in its query; `src/rest` always sends it, the server refuses any
 * other value and takes a missing one as this portal's.
 */
import { z } from 'zod/mini';
import { PLATFORM } from '../constants';

export const MessagingPlatform = z
  ._default(z.enum([PLATFORM], { error: `Messaging calls carry platform ${PLATFORM} (spec §6)` }), PLATFORM)
  .check(z.describe(`Spec §6: always ${PLATFORM}; any other value is refused`));

/** The query of a messaging call: `platform` plus the call's own fields. */
export function messagingQuery<const S extends z.core.$ZodShape = Record<never, never>>(shape?: S) {
  return z.object({ platform: MessagingPlatform, ...(shape ?? ({} as S)) });
}
