/**
 * Profile and certification, spec §7 "Profile and schedule": the option lists, the submission for
 * review (`addConsultInfoAudit`), the audit info fetched on every navigation, and the popup flag.
 */
import type { FastifyInstance } from 'fastify';
import {
  addConsultInfoAudit,
  getAuditInfo,
  getConsultationCountry,
  getDoctorCategoryList,
  getLanguageList,
  markAuditPopupShown,
} from '../../shared/api/profile';
import type { ServerContext } from '../context';
import type { FieldError } from '../../shared/api/envelope';
import { assertEmailVerified } from '../account/email-verification';
import { ApiError } from '../http/api-error';
import { inLanguage, requestLanguage } from '../http/request-language';
import { registerEndpoint } from '../http/route';
import { localDateAt } from '../../shared/time/zoned';
import { loadAuditInfo, loadAuditInfoWithProfile } from './audit-info';
import { applyAuditEvent } from './review';

export function registerProfileOptionRoutes(app: FastifyInstance, ctx: ServerContext) {
  // In the portal's language, as the other catalogues (issue 26, http/request-language.ts).
  registerEndpoint(app, ctx, getDoctorCategoryList, async ({ request }) => {
    const language = requestLanguage(request.headers['accept-language']);
    const rows = await ctx.db
      .selectFrom('doctor_categories')
      .select(['id', 'code', 'name', 'description', 'translations'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: inLanguage(r, language, 'name', r.name),
      description: inLanguage(r, language, 'description', r.description),
    }));
  });
  registerEndpoint(app, ctx, getLanguageList, async () =>
    (
      await ctx.db
        .selectFrom('consultation_languages')
        .select(['code', 'name', 'native_name'])
        .orderBy('sort_order')
        .orderBy('name')
        .execute()
    ).map((l) => ({ code: l.code, name: l.name, nativeName: l.native_name })),
  );
  registerEndpoint(app, ctx, getConsultationCountry, () =>
    ctx.db.selectFrom('consultation_countries').select(['code', 'name']).orderBy('name').execute(),
  );
}

export function registerAuditRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getAuditInfo, ({ session }) =>
    loadAuditInfoWithProfile(ctx.db, session.providerId),
  );

  registerEndpoint(app, ctx, markAuditPopupShown, async ({ session }) => {
    await ctx.db
      .updateTable('providers')
      .set({ audited_popup_page: true })
      .where('id', '=', session.providerId)
      .execute();
    return loadAuditInfo(ctx.db, session.providerId);
  });

  registerEndpoint(app, ctx, addConsultInfoAudit, async ({ body, session }) => {
    const providerId = session.providerId;
    const [categories, languages, countries, documents, provider] = await Promise.all([
      ctx.db.selectFrom('doctor_categories').select('id').where('id', 'in', body.categoryIds).execute(),
      ctx.db
        .selectFrom('consultation_languages')
        .select('code')
        .where('code', 'in', body.languages)
        .execute(),
      ctx.db
        .selectFrom('consultation_countries')
        .select('code')
        .where('code', 'in', body.countries)
        .execute(),
      ctx.db
        .selectFrom('provider_documents')
        .select('id')
        .where('provider_id', '=', providerId)
        .where('id', 'in', body.documentIds)
        .execute(),
      ctx.db
        .selectFrom('providers')
        .select(['timezone', 'chat_id'])
        .where('id', '=', providerId)
        .executeTakeFirstOrThrow(),
    ]);
    const problems: FieldError[] = [];
    const missing = <T>(asked: readonly T[], found: readonly T[]) => asked.filter((a) => !found.includes(a));
    if (
      missing(
        body.categoryIds,
        categories.map((c) => c.id),
      ).length
    ) {
      problems.push({ field: 'categoryIds', message: 'Unknown speciality' });
    }
    if (
      missing(
        body.languages,
        languages.map((l) => l.code),
      ).length
    ) {
      problems.push({ field: 'languages', message: 'Unknown language' });
    }
    if (
      missing(
        body.countries,
        countries.map((c) => c.code),
      ).length
    ) {
      problems.push({ field: 'countries', message: 'Consultations are not offered in this country' });
    }
    // Another provider's documents are refused like unknown ones.
    if (
      missing(
        body.documentIds,
        documents.map((d) => d.id),
      ).length
    ) {
      problems.push({ field: 'documentIds', message: 'Upload your certificate documents first' });
    }
    if (body.licenceExpiresOn && body.licenceExpiresOn <= localDateAt(Date.now(), provider.timezone)) {
      problems.push({ field: 'licenceExpiresOn', message: 'The licence has expired' });
    }
    if (problems.length) throw ApiError.validation(problems);
    // Spec §2 /verification: the form's own mistakes first, then the address a reviewer's decision goes to.
    await assertEmailVerified(ctx, providerId);

    await ctx.db.transaction().execute(async (trx) => {
      await applyAuditEvent(trx, providerId, 'SUBMIT');
      const now = new Date();
      await trx
        .updateTable('providers')
        .set({ first_name: body.firstName, last_name: body.lastName, title: body.title, updated_at: now })
        .where('id', '=', providerId)
        .execute();
      await trx
        .updateTable('chat_users')
        .set({ full_name: `${body.firstName} ${body.lastName}`, updated_at: now })
        .where('id', '=', provider.chat_id)
        .execute();
      const values = {
        category_ids: [...new Set(body.categoryIds)],
        languages: [...new Set(body.languages)],
        countries: [...new Set(body.countries)],
        biography: body.biography,
        years_of_experience: body.yearsOfExperience,
        qualifications: body.qualifications,
        licence_number: body.licenceNumber,
        licence_country: body.licenceCountry,
        licence_authority: body.licenceAuthority,
        licence_expires_on: body.licenceExpiresOn || null,
        document_ids: [...new Set(body.documentIds)],
        consultation_fee_cents: Math.round(body.consultationFee * 100),
        currency: 'USD',
        submitted_at: now,
      };
      await trx
        .insertInto('provider_profiles')
        .values({ provider_id: providerId, ...values })
        .onConflict((oc) => oc.column('provider_id').doUpdateSet(values))
        .execute();
    });
    return loadAuditInfoWithProfile(ctx.db, providerId);
  });
}
