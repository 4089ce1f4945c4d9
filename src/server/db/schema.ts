/**
 * Kysely's view of the database: every table, kept in step with `migrations/*.sql` by hand —
 * change both together. The table types live in `tables/`, one file per concern.
 */
import type {
  AuthAttemptsTable,
  BlobsTable,
  ChatUsersTable,
  EmailVerificationsTable,
  MembersTable,
  PasswordResetsTable,
  ProtocolRecordsTable,
  ProtocolsTable,
  ProvidersTable,
  SeedRunsTable,
  SessionsTable,
  SignUpRequestsTable,
} from './tables/accounts';
import type {
  ChatDialogsTable,
  ChatMessagesTable,
  ChatPendingMarkersTable,
  QbAddressBookTable,
  QbPushEventsTable,
  QbPushSubscriptionsTable,
  QbRecordsTable,
  QbSessionsTable,
} from './tables/chat-service';
import type { CycleDaysTable, FileLinksTable, MemberPregnanciesTable } from './tables/cycle-data';
import type {
  SecondFactorPasskeysTable,
  SecondFactorRecoveryCodesTable,
  SecondFactorTotpTable,
  SecondStepsTable,
  WebauthnChallengesTable,
} from './tables/second-factor';
import type { HealthDataAccessLogTable, ReportAccessGrantsTable } from './tables/access-log';
import type {
  ExpertReportCategoriesTable,
  ExpertReportLifestyleTable,
  ExpertReportsTable,
  ExpertReportTodosTable,
  MemberHealthProfilesTable,
} from './tables/expert-reports';
import type {
  AppChatMessagesTable,
  AppSocketEventsTable,
  AppSocketPresenceTable,
  NotificationSettingsTable,
  NotificationsTable,
} from './tables/notifications';
import type {
  AppointmentsTable,
  AuditHistoryTable,
  BlogCategoriesTable,
  BlogPostsTable,
  ConsultationCountriesTable,
  ConsultationLanguagesTable,
  DoctorCategoriesTable,
  IntakeQuestionnairesTable,
  MemberTagsTable,
  ProviderDocumentsTable,
  ProviderProfilesTable,
  ScheduleEntriesTable,
  ScheduleSettingsTable,
  VideosTable,
} from './tables/workspace';

export type * from './tables/access-log';
export type * from './tables/accounts';
export type * from './tables/chat-service';
export type * from './tables/cycle-data';
export type * from './tables/expert-reports';
export type * from './tables/notifications';
export type * from './tables/second-factor';
export type * from './tables/workspace';

export interface DB {
  chat_users: ChatUsersTable;
  providers: ProvidersTable;
  members: MembersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  auth_attempts: AuthAttemptsTable;
  protocols: ProtocolsTable;
  protocol_records: ProtocolRecordsTable;
  blobs: BlobsTable;
  appointments: AppointmentsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  app_socket_events: AppSocketEventsTable;
  app_socket_presence: AppSocketPresenceTable;
  app_chat_messages: AppChatMessagesTable;
  seed_runs: SeedRunsTable;
  doctor_categories: DoctorCategoriesTable;
  consultation_languages: ConsultationLanguagesTable;
  consultation_countries: ConsultationCountriesTable;
  provider_profiles: ProviderProfilesTable;
  provider_documents: ProviderDocumentsTable;
  audit_history: AuditHistoryTable;
  schedule_settings: ScheduleSettingsTable;
  schedule_entries: ScheduleEntriesTable;
  member_tags: MemberTagsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  videos: VideosTable;
  qb_sessions: QbSessionsTable;
  chat_dialogs: ChatDialogsTable;
  chat_messages: ChatMessagesTable;
  chat_pending_markers: ChatPendingMarkersTable;
  qb_records: QbRecordsTable;
  qb_address_book: QbAddressBookTable;
  qb_push_subscriptions: QbPushSubscriptionsTable;
  qb_push_events: QbPushEventsTable;
  expert_reports: ExpertReportsTable;
  cycle_days: CycleDaysTable;
  member_pregnancies: MemberPregnanciesTable;
  file_links: FileLinksTable;
  expert_report_categories: ExpertReportCategoriesTable;
  expert_report_todos: ExpertReportTodosTable;
  expert_report_lifestyle: ExpertReportLifestyleTable;
  member_health_profiles: MemberHealthProfilesTable;
  health_data_access_log: HealthDataAccessLogTable;
  report_access_grants: ReportAccessGrantsTable;
  email_verifications: EmailVerificationsTable;
  intake_questionnaires: IntakeQuestionnairesTable;
  sign_up_requests: SignUpRequestsTable;
  second_factor_passkeys: SecondFactorPasskeysTable;
  second_factor_totp: SecondFactorTotpTable;
  second_factor_recovery_codes: SecondFactorRecoveryCodesTable;
  second_steps: SecondStepsTable;
  webauthn_challenges: WebauthnChallengesTable;
}
