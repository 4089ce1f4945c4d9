/**
 * The intake questionnaire a member fills in when booking a consultation (spec §2 `/question`,
 * hidden, outside the main layout; its fields are ours: the spec does not show them). What a
 * reproductive-medicine provider asks before a first or follow-up consultation: the goal and the
 * concern in the member's own words, cycle or pregnancy, obstetric and medical history,
 * treatments so far, tracking, lifestyle and the partner's work-up. Free text stays in the
 * member's words; coded answers are translated by the portal.
 */
import { z } from 'zod/mini';
import { AppointmentSummary } from './consultation';
import { defineEndpoint } from './endpoint';
import { Id } from './fields';
import { Instant, LocalDate } from './workspace-fields';

export const INTAKE_GOALS = [
  'TRYING_TO_CONCEIVE',
  'PREGNANT',
  'PREPARING_TREATMENT',
  'TRACKING_CYCLE',
] as const;
export const CYCLE_REGULARITIES = ['REGULAR', 'IRREGULAR', 'ABSENT'] as const;
export const TRACKING_METHODS = ['BASAL_TEMPERATURE', 'LH_TESTS', 'CERVICAL_MUCUS', 'APP_CALENDAR'] as const;
export const SMOKING = ['NEVER', 'FORMER', 'CURRENT'] as const;
export const SEMEN_ANALYSIS = ['NOT_DONE', 'NORMAL', 'ABNORMAL', 'PENDING'] as const;

const Text = z.string().check(z.trim(), z.minLength(1), z.maxLength(500));

export const IntakeAnswers = z.object({
  goal: z.enum(INTAKE_GOALS),
  /** The reason for this consultation, in the member's words. */
  mainConcern: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  /** What the member wants to ask. */
  questions: z.array(Text).check(z.maxLength(10)),
  age: z.number().check(z.int(), z.gte(16), z.lte(60)),
  heightCm: z.nullable(z.number().check(z.int(), z.gte(120), z.lte(220))),
  weightKg: z.nullable(z.number().check(z.gte(30), z.lte(250))),
  /** Months of trying to conceive; null when not trying. */
  tryingForMonths: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(240))),
  /** Null while pregnant. */
  cycle: z.nullable(
    z.object({
      regularity: z.enum(CYCLE_REGULARITIES),
      averageLengthDays: z.nullable(z.number().check(z.int(), z.gte(15), z.lte(120))),
      shortestDays: z.nullable(z.number().check(z.int(), z.gte(15), z.lte(120))),
      longestDays: z.nullable(z.number().check(z.int(), z.gte(15), z.lte(180))),
      periodLengthDays: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(15))),
      lastPeriodStart: z.nullable(LocalDate),
    }),
  ),
  /** Only while pregnant. */
  pregnancy: z.nullable(
    z.object({ weeks: z.number().check(z.int(), z.gte(1), z.lte(42)), dueDate: z.nullable(LocalDate) }),
  ),
  obstetricHistory: z.object({
    pregnancies: z.number().check(z.int(), z.gte(0), z.lte(20)),
    births: z.number().check(z.int(), z.gte(0), z.lte(20)),
    miscarriages: z.number().check(z.int(), z.gte(0), z.lte(20)),
  }),
  conditions: z.array(Text).check(z.maxLength(20)),
  medications: z.array(Text).check(z.maxLength(20)),
  allergies: z.array(Text).check(z.maxLength(20)),
  previousTreatments: z.array(Text).check(z.maxLength(20)),
  tracking: z.array(z.enum(TRACKING_METHODS)),
  lifestyle: z.object({
    smoking: z.enum(SMOKING),
    alcoholUnitsPerWeek: z.number().check(z.int(), z.gte(0), z.lte(100)),
    exerciseDaysPerWeek: z.number().check(z.int(), z.gte(0), z.lte(7)),
  }),
  /** Null when the member has no partner in the plan. */
  partner: z.nullable(z.object({ semenAnalysis: z.enum(SEMEN_ANALYSIS) })),
  /** Whether the member lets this provider see her cycle data during the consultation. */
  shareCycleData: z.boolean(),
});
export type IntakeAnswers = z.infer<typeof IntakeAnswers>;

export const IntakeQuestionnaire = z.object({
  formVersion: z.number().check(z.int()),
  submittedAt: Instant,
  answers: IntakeAnswers,
});
export type IntakeQuestionnaire = z.infer<typeof IntakeQuestionnaire>;

export const AppointmentQuestionnaire = z.object({
  appointment: z.extend(AppointmentSummary, { memberTimezone: z.string() }),
  /** Null when the member has not filled it in. */
  questionnaire: z.nullable(IntakeQuestionnaire),
});
export type AppointmentQuestionnaire = z.infer<typeof AppointmentQuestionnaire>;

export const getAppointmentQuestionnaire = defineEndpoint({
  id: 'getAppointmentQuestionnaire',
  method: 'GET',
  path: '/consultation/invite/doctor/order/questionnaire',
  summary:
    "The intake questionnaire of one of the provider's appointments (NOT_FOUND for anyone else's); null " +
    'when the member has not filled it in. Each answered questionnaire is recorded in the health-data access log',
  tag: 'Consultation',
  auth: 'token',
  query: z.object({ appointmentId: Id }),
  response: AppointmentQuestionnaire,
});
