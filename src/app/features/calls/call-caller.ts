/**
 * Who an incoming or outgoing call is with (spec §3 client info, §4 Call): the client's name and
 * avatar, and whether she is one of the provider's clients (docs/calls.md "Who may ring").
 */
import type { CallEffects } from './call-effects';

/**
 * The client's name and avatar (spec §3 client info). The server answers only for members the
 * provider has a consultation, a report or a dialog with; `settled` learns whether it did.
 */
export function lookupName(
  clientByChatId: CallEffects['clientByChatId'],
  opponentId: number,
  apply: (info: { name: string; avatar: string | null }) => void,
  settled: (known: boolean) => void = () => undefined,
) {
  clientByChatId(opponentId)
    .then((info) => {
      apply({ name: info.name, avatar: info.avatar });
      settled(true);
    })
    .catch((error: unknown) => {
      // Not one of hers (NOT_FOUND), or the lookup failed: shown without a name, and no ring.
      console.warn('Caller lookup', error);
      settled(false);
    });
}
