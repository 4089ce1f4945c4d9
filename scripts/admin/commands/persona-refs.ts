/** Members and providers may be named by persona key (ava, amelia) or email; a member also by chat id. */
import { member, personas, provider } from '../../../fixtures';

export function memberRef(ref: string): string {
  return personas.members.some((m) => m.key === ref) ? member(ref).email : ref;
}

export function providerRef(ref: string): string {
  return personas.providers.some((p) => p.key === ref) ? provider(ref).email : ref;
}
