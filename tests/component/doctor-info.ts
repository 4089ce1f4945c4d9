/**
 * A provider persona of fixtures/ as the server answers her info (src/shared/api/account.ts
 * `DoctorInfo`), for the screens that read it; `fields` changes what a test needs changed.
 */
import { provider } from '../../fixtures';
import type { DoctorInfo } from '../../src/shared/api/account';

export function doctorInfo(key: string, fields: Partial<DoctorInfo> = {}): DoctorInfo {
  const p = provider(key);
  return {
    userId: p.chatId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    name: `${p.firstName} ${p.lastName}`,
    title: p.title,
    phone: null,
    avatar: null,
    language: p.language as DoctorInfo['language'],
    timezone: p.timezone,
    country: p.country,
    auditStatus: p.auditStatus as DoctorInfo['auditStatus'],
    chatId: p.chatId,
    createdAt: '2026-01-05T09:00:00Z',
    emailVerified: p.emailVerified,
    ...fields,
  };
}
