/**
 * Profile and review (spec §3, §4, §7 "Profile and schedule") against the real server: option
 * lists, certificate documents, submission, the audit table with its refusals, the popup flag and
 * the reviewer's decision with its notification.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogueTranslations } from '../../fixtures';
import { adminCall, apiClient } from '../support/api';
import { multipartFile, PNG_1X1 } from '../support/images';
import { decide, PDF_DOC, profileForm, submitProfile, uploadCertificate } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);
const AUDIT = '/consultation/invite/consultation/info/audit/getInfo';
const SUBMIT = '/consultation/invite/doctor/addConsultInfoAudit';

interface Audit {
  auditStatus: string | null;
  auditCreateTime: string | null;
  auditedTime: string | null;
  reasons: string[];
  auditedPopupPage: boolean;
  consultInfo: null | {
    documents: Array<{ id: number }>;
    consultationFee: { amountCents: number };
    firstName: string;
  };
}

describe('profile options', () => {
  let token: string;
  beforeAll(async () => {
    token = (await api.signUpFresh('options')).token;
  });

  it('lists specialities, consultation languages and countries', async () => {
    const categories = await api.call<Array<{ code: string }>>('GET', '/user/user/getDoctorCategoryList', {
      token,
    });
    expect(categories.data.map((c) => c.code)).toContain('REPRODUCTIVE_ENDOCRINOLOGY');
    const languages = await api.call<Array<{ code: string; nativeName: string }>>('GET', '/misc/lang/list', {
      token,
    });
    expect(languages.data).toContainEqual({ code: 'de', name: 'German', nativeName: 'Deutsch' });
    const countries = await api.call<Array<{ code: string }>>(
      'GET',
      '/consultation/doctor/getConsultationCountry',
      {
        token,
      },
    );
    expect(countries.data.map((c) => c.code)).toEqual(expect.arrayContaining(['GB', 'US', 'IT']));
  });

  it('names the specialities in the portal’s language (issue 26), and in English without one', async () => {
    type Category = { code: string; name: string; description: string };
    const path = '/user/user/getDoctorCategoryList';
    const inGerman = await api.call<Category[]>('GET', path, { token, headers: { 'Accept-Language': 'de' } });
    const german = catalogueTranslations.doctorCategories.GYNAECOLOGY.de;
    expect(inGerman.data.find((c) => c.code === 'GYNAECOLOGY')).toMatchObject(german);
    expect(inGerman.data.map((c) => c.code)).toEqual(Object.keys(catalogueTranslations.doctorCategories));
    const inEnglish = await api.call<Category[]>('GET', path, { token });
    expect(inEnglish.data.find((c) => c.code === 'GYNAECOLOGY')).toMatchObject({
      name: 'Gynaecology',
      description: 'Cycle disorders, endometriosis, PCOS, fibroids.',
    });
  });

  it('needs a session', async () => {
    const answer = await api.call('GET', '/misc/lang/list');
    expect(answer).toMatchObject({ status: 401, code: 'TOKEN_ERR_EMPTY' });
  });
});

describe('certificate documents', () => {
  it('keeps uploads private to their owner', async () => {
    const owner = await api.signUpFresh('docowner');
    const other = await api.signUpFresh('docother');
    const id = await uploadCertificate(api, owner.token, 'diploma.pdf');
    const path = `${stack.url}/api/consultation/invite/doctor/certificate/${id}`;
    const mine = await fetch(path, { headers: { authToken: owner.token } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF_DOC)).toBe(true);
    const theirs = await fetch(path, { headers: { authToken: other.token } });
    expect(theirs.status).toBe(404);
    expect((await fetch(path)).status).toBe(401);
  });

  it('accepts images and refuses what is neither a PDF nor an image', async () => {
    const fresh = await api.signUpFresh('docimage');
    const image = await api.call<{ contentType: string }>(
      'POST',
      '/consultation/invite/doctor/certificate/upload',
      {
        token: fresh.token,
        body: multipartFile('file', 'licence.png', 'image/png', PNG_1X1),
      },
    );
    expect(image.data.contentType).toBe('image/png');
    const fake = await api.call('POST', '/consultation/invite/doctor/certificate/upload', {
      token: fresh.token,
      body: multipartFile('file', 'licence.pdf', 'application/pdf', Buffer.from('not a pdf at all')),
    });
    expect(fake).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const html = await api.call('POST', '/consultation/invite/doctor/certificate/upload', {
      token: fresh.token,
      body: multipartFile('file', 'x.html', 'text/html', Buffer.from('<p>hi</p>')),
    });
    expect(html.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('submission and review', () => {
  it('submits a profile: NEED_AUDIT with the consultation info', async () => {
    const fresh = await api.signUpFresh('submit');
    const before = await api.call<Audit>('GET', AUDIT, { token: fresh.token });
    expect(before.data).toMatchObject({ auditStatus: null, consultInfo: null, reasons: [] });
    const answer = await submitProfile(api, fresh.token);
    expect(answer.code).toBe('OK');
    const info = answer.data as unknown as Audit;
    expect(info.auditStatus).toBe('NEED_AUDIT');
    expect(info.auditCreateTime).not.toBeNull();
    expect(info.consultInfo).toMatchObject({
      firstName: 'Nora',
      consultationFee: { amountCents: 6050, currency: 'USD' },
    });
    expect(info.consultInfo!.documents).toHaveLength(1);
    const doctor = await api.call<{ name: string; auditStatus: string }>(
      'GET',
      '/consultation/invite/doctor/getInfo',
      {
        token: fresh.token,
      },
    );
    expect(doctor.data).toMatchObject({ name: 'Nora Lind', auditStatus: 'NEED_AUDIT' });
  });

  it('refuses a second submission while the first is under review', async () => {
    const fresh = await api.signUpFresh('twice');
    await submitProfile(api, fresh.token);
    const again = await submitProfile(api, fresh.token);
    expect(again).toMatchObject({ status: 409, code: 'INVALID_STATE' });
  });

  it('refuses invalid fields, unknown options and another provider’s documents', async () => {
    const fresh = await api.signUpFresh('badsubmit');
    const other = await api.signUpFresh('badsubmitother');
    const theirs = await uploadCertificate(api, other.token);
    const answer = await api.call<{ fields: Array<{ field: string }> }>('POST', SUBMIT, {
      token: fresh.token,
      form: profileForm([theirs], { categoryIds: '999', countries: 'ZZ', languages: 'xx' }),
    });
    expect(answer).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(answer.data.fields.map((f) => f.field).sort()).toEqual([
      'categoryIds',
      'countries',
      'documentIds',
      'languages',
    ]);
    const shape = await api.call<{ fields: Array<{ field: string }> }>('POST', SUBMIT, {
      token: fresh.token,
      form: profileForm([theirs], {
        biography: 'Too short',
        consultationFee: '12.345',
        licenceCountry: 'Italy',
      }),
    });
    expect(shape.data.fields.map((f) => f.field).sort()).toEqual([
      'biography',
      'consultationFee',
      'licenceCountry',
    ]);
    const status = await api.call<Audit>('GET', AUDIT, { token: fresh.token });
    expect(status.data.auditStatus).toBeNull();
  });

  it('approves from the admin API: decision time, notification, popup once', async () => {
    const fresh = await api.signUpFresh('approve');
    await submitProfile(api, fresh.token);
    await decide(stack, fresh.email, 'approve');
    const info = await api.call<Audit>('GET', AUDIT, { token: fresh.token });
    expect(info.data).toMatchObject({ auditStatus: 'AUDIT_PASSED', auditedPopupPage: false, reasons: [] });
    expect(Date.parse(info.data.auditedTime!)).toBeGreaterThanOrEqual(Date.parse(info.data.auditCreateTime!));
    const seen = await api.call<Audit>('POST', '/consultation/invite/consultation/info/audit/popupShown', {
      token: fresh.token,
    });
    expect(seen.data.auditedPopupPage).toBe(true);
    const notes = await adminCall<Array<{ category: string; title: string }>>(
      stack.url,
      stack.adminSecret,
      'GET',
      `/notifications?email=${encodeURIComponent(fresh.email)}`,
    );
    expect(notes.data[0]).toMatchObject({ category: 'REVIEW', title: 'Your profile was approved' });
    const twice = await adminCall(stack.url, stack.adminSecret, 'POST', '/audit', {
      email: fresh.email,
      decision: 'reject',
      reasons: ['x'],
    });
    expect(twice).toMatchObject({ status: 409, code: 'INVALID_STATE' });
  });

  it('rejects with reasons; the provider edits and submits again', async () => {
    const fresh = await api.signUpFresh('reject');
    await submitProfile(api, fresh.token);
    const noReason = await adminCall(stack.url, stack.adminSecret, 'POST', '/audit', {
      email: fresh.email,
      decision: 'reject',
      reasons: [],
    });
    expect(noReason.code).toBe('INVALID_STATE');
    await decide(stack, fresh.email, 'reject', ['The licence scan is unreadable', 'Add your diploma']);
    const info = await api.call<Audit>('GET', AUDIT, { token: fresh.token });
    expect(info.data).toMatchObject({
      auditStatus: 'AUDIT_NOT_PASSED',
      reasons: ['The licence scan is unreadable', 'Add your diploma'],
      auditedPopupPage: false,
    });
    const again = await submitProfile(api, fresh.token, { licenceNumber: 'NMC 99Z9999Z' });
    expect(again.data).toMatchObject({ auditStatus: 'NEED_AUDIT', reasons: [] });
  });

  it('refuses a decision for a provider who never submitted', async () => {
    const fresh = await api.signUpFresh('nosubmit');
    const answer = await adminCall(stack.url, stack.adminSecret, 'POST', '/audit', {
      email: fresh.email,
      decision: 'approve',
    });
    expect(answer).toMatchObject({ status: 409, code: 'INVALID_STATE' });
  });

  it('shows the seeded personas in their states', async () => {
    const token = await api.signInAs('chiara');
    const info = await api.call<Audit>('GET', AUDIT, { token });
    expect(info.data.auditStatus).toBe('AUDIT_NOT_PASSED');
    expect(info.data.reasons[0]).toMatch(/licence is unreadable/);
    expect(info.data.consultInfo).not.toBeNull();
  });
});
