/** Steps the workspace tests share: a fresh provider with a submitted profile, approved, with hours. */
import { adminCall, type apiClient } from './api';
import { multipartFile } from './images';

type Api = ReturnType<typeof apiClient>;

export interface StackRef {
  url: string;
  adminSecret: string;
}

/** A real (tiny) PDF for certificate uploads. */
export const PDF_DOC = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export async function uploadCertificate(api: Api, token: string, name = 'licence.pdf'): Promise<number> {
  const answer = await api.call<{ id: number }>('POST', '/consultation/invite/doctor/certificate/upload', {
    token,
    body: multipartFile('file', name, 'application/pdf', PDF_DOC),
  });
  if (answer.code !== 'OK') throw new Error(`Upload failed: ${answer.code} ${answer.message}`);
  return answer.data.id;
}

export function profileForm(documentIds: number[], over: Record<string, string | number> = {}) {
  return {
    firstName: 'Nora',
    lastName: 'Lind',
    title: 'Fertility nurse',
    categoryIds: '5,6',
    languages: 'en,sv',
    countries: 'GB,SE',
    biography:
      'Fertility nurse with ten years in IVF clinics. I help clients plan treatment cycles, learn injections and cope with waiting.',
    yearsOfExperience: 10,
    qualifications: 'BSc Nursing, reproductive health certificate',
    licenceNumber: 'NMC 12A3456B',
    licenceCountry: 'GB',
    licenceAuthority: 'Nursing and Midwifery Council',
    documentIds: documentIds.join(','),
    consultationFee: '60.50',
    ...over,
  };
}

export async function submitProfile(api: Api, token: string, over: Record<string, string | number> = {}) {
  const doc = await uploadCertificate(api, token);
  return api.call<{ auditStatus: string; consultInfo: unknown }>(
    'POST',
    '/consultation/invite/doctor/addConsultInfoAudit',
    { token, form: profileForm([doc], over) },
  );
}

export async function decide(
  stack: StackRef,
  email: string,
  decision: 'approve' | 'reject',
  reasons: string[] = [],
) {
  const answer = await adminCall(stack.url, stack.adminSecret, 'POST', '/audit', {
    email,
    decision,
    reasons,
  });
  if (answer.code !== 'OK') throw new Error(`Decision failed: ${answer.code} ${answer.message}`);
  return answer;
}

/** A fresh provider whose submitted profile a reviewer approved (through the admin API). */
export async function approvedProvider(api: Api, stack: StackRef, prefix: string) {
  const fresh = await api.signUpFresh(prefix);
  const submitted = await submitProfile(api, fresh.token);
  if (submitted.code !== 'OK') throw new Error(`Submit failed: ${submitted.message}`);
  await decide(stack, fresh.email, 'approve');
  return fresh;
}

/** An expert report assigned over the admin API (what `npm run admin -- assign-report` does). */
export function assignReport(
  stack: StackRef,
  member: string,
  provider: string,
  extra: { type?: string; title?: string } = {},
) {
  return adminCall<{ reportId: number; title: string; status: string; notificationId: number }>(
    stack.url,
    stack.adminSecret,
    'POST',
    '/reports',
    { member, provider, ...extra },
  );
}

/** A zone where it is now between 03:00 and 19:00, so that hours around now fit in one local day. */
export function daytimeZone(now = Date.now()): string {
  for (const tz of [
    'UTC',
    'Asia/Tokyo',
    'America/Los_Angeles',
    'Asia/Kolkata',
    'Pacific/Kiritimati',
    'America/New_York',
  ]) {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(now),
    );
    if (hour >= 3 && hour < 19) return tz;
  }
  throw new Error('No daytime zone found');
}

export function localParts(now: number, tz: string): { date: string; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * A fresh, approved provider whose hours today run from just before now for five hours (extra
 * hours), with no notice needed: bookings a few minutes ahead are possible.
 */
export async function bookableProvider(api: Api, stack: StackRef, prefix: string) {
  const fresh = await api.signUpFresh(prefix);
  const submitted = await submitProfile(api, fresh.token);
  if (submitted.code !== 'OK') throw new Error(`Submit failed: ${submitted.message}`);
  await decide(stack, fresh.email, 'approve');
  const timezone = daytimeZone();
  const { date, minute } = localParts(Date.now(), timezone);
  const start = Math.floor(minute / 5) * 5 - 5;
  const schedule = await api.call('POST', '/consultation/schedule/new/update', {
    token: fresh.token,
    json: {
      timezone,
      consultationMinutes: 30,
      bufferMinutes: 10,
      minNoticeHours: 0,
      weekly: [],
      overrides: [{ date, kind: 'EXTRA', start: hhmm(start), end: hhmm(start + 300) }],
    },
  });
  if (schedule.code !== 'OK') throw new Error(`Schedule failed: ${schedule.message}`);
  return { ...fresh, timezone, date };
}

export async function book(stack: StackRef, member: string, provider: string, time: string, topic = '') {
  return adminCall<{ appointmentId: number; startsAt: string; endsAt: string }>(
    stack.url,
    stack.adminSecret,
    'POST',
    '/bookings',
    { member, provider, time, topic },
  );
}
