/** A provider's second factor and the second step of a sign-in (migrations/0580_second_factor.sql). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Nullable, Timestamp } from './columns';

/** bigint: pg and PGlite may read it as a string; the code reads it through `Number()`. */
type BigInteger = ColumnType<string | number, number | undefined, number>;

export interface SecondFactorPasskeysTable {
  id: Generated<number>;
  provider_id: number;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: BigInteger;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  backed_up: Generated<boolean>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Nullable<Date>;
}

export interface SecondFactorTotpTable {
  provider_id: number;
  secret_sealed: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  confirmed_at: Nullable<Date>;
  last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
}

export interface SecondFactorRecoveryCodesTable {
  id: Generated<number>;
  provider_id: number;
  code_hash: string;
  created_at: CreatedAt;
  used_at: Nullable<Date>;
}

export type SecondStepPurpose = 'VERIFY' | 'ENROL';
export type SecondStepEndReason = 'DONE' | 'ABANDONED' | 'TOO_MANY_TRIES';

export interface SecondStepsTable {
  id: Generated<number>;
  provider_id: number;
  token_hash: string;
  purpose: SecondStepPurpose;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  ended_at: Nullable<Date>;
  end_reason: Nullable<SecondStepEndReason>;
  address: string | null;
  user_agent: string | null;
}

export interface WebauthnChallengesTable {
  challenge: string;
  provider_id: number;
  purpose: 'REGISTER' | 'AUTHENTICATE';
  expires_at: Timestamp;
}
