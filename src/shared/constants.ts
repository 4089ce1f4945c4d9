/** Business constants and limits, spec §9 (and the few of §3–§5 that are numbers). */

/** Table page sizes, spec §9. */
export const TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Simple pagination sizes and their default, spec §9. */
export const SIMPLE_PAGE_SIZES = [5, 10, 15, 20] as const;
export const SIMPLE_PAGE_SIZE_DEFAULT = 5;

/** Audit processing time in business days, popup width and share window size, spec §9. */
export const AUDIT_PROCESSING_DAYS = { min: 1, max: 3 } as const;
export const AUDIT_POPUP_WIDTH_PX = 530;
export const SHARE_WINDOW = { width: 735, height: 970 } as const;

/** App socket heart-beat both ways, spec §7 and §9. */
export const APP_SOCKET_HEARTBEAT_MS = 100_000;
/** Browser call notification auto-close, call timer tick, drag click threshold, spec §9. */
export const CALL_NOTIFICATION_CLOSE_MS = 60_000;
export const CALL_TIMER_TICK_MS = 1_000;
export const DRAG_CLICK_THRESHOLD_PX = 7;

/** Currency symbols, spec §9 ("USD shows $"). */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: '$' };
export const THEME_COLOUR = '#9E3CF8';

/** Languages, spec §1: English is the default. */
export const LANGUAGES = ['en', 'es', 'de', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Lazy chunk load timeout, spec §8 and §9. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Own API, spec §7 and §9. */
export const API_BASE_PATH = '/api/';
export const API_TIMEOUT_MS = 20_000;
export const API_VERSION = 7;
export const API_OS = 'web';

/** Chat history paging, spec §9. */
export const CHAT_HISTORY_LIMIT_DEFAULT = 9999;
export const CHAT_PAGE_SIZE = 10;

/** Call timers, spec §9. */
export const CALL_ANSWER_TIMEOUT_MS = 60_000;
export const CALL_DIALING_REPEAT_MS = 5_000;
export const CALL_DISCONNECT_TIMEOUT_MS = 30_000;
export const CALL_INCOMING_LIMIT = 1;
export const CALL_ICE_CONNECT_WAIT_MS = 5_000;
export const CALL_PREFERRED_CODEC = 'VP8';

/** Chat-service session, spec §9: live interval, expiry kept one minute early, check period. */
export const CHAT_SESSION_LIVE_MINUTES = 120;
export const CHAT_TOKEN_EXPIRY_MARGIN_MS = 60_000;
export const CHAT_SESSION_CHECK_MS = 5_000;

/** Chat connection, spec §9. */
export const CHAT_RECONNECT_INTERVAL_MS = 3_000;
export const CHAT_PING_TIMEOUT_MS = 1_000;
export const CHAT_CALLBACK_INTERVAL_MS = 30_000;
export const CHAT_PING_MAX_FAILURES = 6;

/** BOSH long-polling, spec §9. */
export const BOSH = { wait: 60, hold: 1, window: 5, maxErrors: 4, idleCycleMs: 100 } as const;

/** Stream management and MUC, spec §9. */
export const STREAM_MANAGEMENT_NS = 'urn:xmpp:sm:3';
export const EXTRA_PARAM_REJOIN_LENGTH = 4096;

/** Image upload compression, spec §5. */
export const IMAGE_COMPRESSION = {
  skipBelowBytes: 200 * 1024,
  oneMegabyte: 1024 * 1024,
  fiveMegabytes: 5 * 1024 * 1024,
  tenMegabytes: 10 * 1024 * 1024,
  twentyMegabytes: 20 * 1024 * 1024,
  qualityUnder1MB: 0.85,
  qualityDefault: 0.52,
  qualityOver5MB: 0.92,
  maxSide1To10MB: 1600,
  maxSide10To20MB: 1400,
} as const;

/** Messaging platform value, spec §6. */
export const PLATFORM = 'PROVIDER_ADVISOR';

/** Environments, spec §9: production is chosen. */
export const ENVIRONMENTS = ['dev1', 'test', 'test2', 'mtest', 'production'] as const;
export const ENVIRONMENT = 'production';
