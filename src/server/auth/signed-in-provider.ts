/**
 * The provider's own profile columns, read in the same query as the session when its token is
 * not in the session cache (docs/performance.md "Server"): a request that answers with the
 * profile (getDoctorInfo) then makes one trip to the database, not two. Never the password hash.
 */
import type { Selectable } from 'kysely';
import type { ProvidersTable } from '../db/schema';

export const SIGNED_IN_PROVIDER_COLUMNS = [
  'providers.id',
  'providers.email',
  'providers.first_name',
  'providers.last_name',
  'providers.title',
  'providers.phone',
  'providers.language',
  'providers.timezone',
  'providers.country',
  'providers.audit_status',
  'providers.chat_id',
  'providers.created_at',
  'providers.email_verified_at',
  'providers.cancelled_at',
  'blobs.uid as avatar_uid',
] as const;

export type SignedInProvider = Pick<
  Selectable<ProvidersTable>,
  | 'id'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'title'
  | 'phone'
  | 'language'
  | 'timezone'
  | 'country'
  | 'audit_status'
  | 'chat_id'
  | 'created_at'
  | 'email_verified_at'
  | 'cancelled_at'
> & { avatar_uid: string | null };
