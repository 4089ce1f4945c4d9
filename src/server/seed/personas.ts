/** Seeds the named personas of `fixtures/personas.json`: providers in every audit state, members. */
import { personas } from '../../../fixtures';
import { createProvider } from '../account/create-provider';
import { insertChatUser } from '../chat-identity/chat-users';
import type { Seeder } from './seeder';

const DAY = 86400_000;

export const seedPersonas: Seeder = {
  name: 'personas',
  async run({ db, secrets, now }) {
    for (const m of personas.members) {
      const chatId = await insertChatUser(db, {
        id: m.chatId,
        kind: 'member',
        login: m.chatLogin,
        password: m.chatPassword,
        fullName: m.name,
        email: m.email,
      });
      await db
        .insertInto('members')
        .values({
          first_name: m.firstName,
          last_name: m.lastName,
          email: m.email,
          chat_id: chatId,
          country: m.country,
          timezone: m.timezone,
        })
        .execute();
    }
    for (const p of personas.providers) {
      const status = p.auditStatus as 'NEED_AUDIT' | 'AUDIT_PASSED' | 'AUDIT_NOT_PASSED' | null;
      await createProvider(db, secrets.chatPasswordKey, {
        email: p.email,
        password: p.password,
        firstName: p.firstName,
        lastName: p.lastName,
        language: p.language,
        timezone: p.timezone,
        country: p.country,
        chatId: p.chatId,
        chatLogin: p.chatLogin,
        extra: {
          title: p.title,
          audit_status: status,
          audit_reasons: p.auditReasons,
          audit_create_time: status ? new Date(now - 2 * DAY) : null,
          audited_time: status && status !== 'NEED_AUDIT' ? new Date(now - DAY) : null,
          // Approved and rejected personas have already seen their decision popup.
          audited_popup_page: status === 'AUDIT_PASSED' || status === 'AUDIT_NOT_PASSED',
          // Demo logins have confirmed their address (spec §2 /verification), so they can submit a
          // profile; Dr. Erin signed up before sign-up confirmed addresses and has not yet.
          email_verified_at: p.emailVerified ? new Date(now - 3 * DAY) : null,
        },
      });
    }
  },
};
