/**
 * The own-API error catalogue of spec §8, in one place: what the portal does for each failure.
 * Pure: the portal supplies the effects (show a message, clear storage, go to login).
 */
import type { FieldError } from '../shared/api/envelope';
import type { ApiError } from './errors';

export type ErrorAction =
  /** TOKEN_ERR_*: show the server message, clear local and session storage and the auth cookie, go to login. */
  | { kind: 'sign-out'; message: string }
  /** A timeout shows the timeout message. */
  | { kind: 'timeout' }
  /** MEMBER_EXPERT_REPORT_NO_ACCESS goes to the caller without a message. */
  | { kind: 'to-caller' }
  /** VALIDATION_ERROR: her input refused, said in her language from its fields (spec §1 languages). */
  | { kind: 'refused'; fields: FieldError[] }
  /** Anything else shows the server message. */
  | { kind: 'show'; message: string };

export const NO_REPORT_ACCESS = 'MEMBER_EXPERT_REPORT_NO_ACCESS';

export function actionFor(error: ApiError): ErrorAction {
  if (error.isTokenError) return { kind: 'sign-out', message: error.message };
  if (error.isTimeout) return { kind: 'timeout' };
  if (error.code === NO_REPORT_ACCESS) return { kind: 'to-caller' };
  if (error.code === 'VALIDATION_ERROR') return { kind: 'refused', fields: error.fields };
  return { kind: 'show', message: error.message };
}

export interface ErrorEffects {
  showMessage(message: string): void;
  showTimeout(): void;
  /** Says a refusal of her input in her language, never the server's English message. */
  showRefusal(fields: FieldError[]): void;
  signOut(): void;
}

/** Applies the catalogue to one error. */
export function applyErrorCatalogue(error: ApiError, effects: ErrorEffects): void {
  const action = actionFor(error);
  switch (action.kind) {
    case 'sign-out':
      effects.showMessage(action.message);
      effects.signOut();
      return;
    case 'timeout':
      effects.showTimeout();
      return;
    case 'to-caller':
      return;
    case 'refused':
      effects.showRefusal(action.fields);
      return;
    case 'show':
      effects.showMessage(action.message);
  }
}
