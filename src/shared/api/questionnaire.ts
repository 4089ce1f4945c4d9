/**
 * The intake questionnaire a member fills in when booking a consultation (spec §2 `/question`,
 * hidden, outside the main layout; its fields are ours: the spec does not show them). What a
 * reproductive-medicine provider asks before a first or follow-up consultation: the goal and the
 * concern in the member's own words, cycle or pregnancy, obstetric and medical history,
 * treatments so far, tracking, lifestyle and the partner's work-up. Free text stays in the
 * member's words; coded answers are translated by the portal.
 */
import { z } from 'zod';
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

const Text = z.string().trim().min(1).max(500);

export const IntakeAnswers = z.object({
  goal: z.enum(INTAKE_GOALS),
  /** The reason for this consultation, in the member's words. */
  mainConcern: z.string().trim().min(1).max(2000),
  /** What the member wants to ask. */
  questions: z.array(Text).max(10),
  age: z.number().int().min(16).max(60),
  heightCm: z.number().int().min(120).max(220).nullable(),
  weightKg: z.number().min(30).max(250).nullable(),
  /** Months of trying to conceive; null when not trying. */
  tryingForMonths: z.number().int().min(0).max(240).nullable(),
  /** Null while pregnant. */
  cycle: z
    .object({
      regularity: z.enum(CYCLE_REGULARITIES),
      averageLengthDays: z.number().int().min(15).max(120).nullable(),
      shortestDays: z.number().int().min(15).max(120).nullable(),
      longestDays: z.number().int().min(15).max(180).nullable(),
      periodLengthDays: z.number().int().min(1).max(15).nullable(),
      lastPeriodStart: LocalDate.nullable(),
    })
    .nullable(),
  /** Only while pregnant. */
  pregnancy: z.object({ weeks: z.number().int().min(1).max(42), dueDate: LocalDate.nullable() }).nullable(),
  obstetricHistory: z.object({
    pregnancies: z.number().int().min(0).max(20),
    births: z.number().int().min(0).max(20),
    miscarriages: z.number().int().min(0).max(20),
  }),
  conditions: z.array(Text).max(20),
  medications: z.array(Text).max(20),
  allergies: z.array(Text).max(20),
  previousTreatments: z.array(Text).max(20),
  tracking: z.array(z.enum(TRACKING_METHODS)),
  lifestyle: z.object({
    smoking: z.enum(SMOKING),
    alcoholUnitsPerWeek: z.number().int().min(0).max(100),
    exerciseDaysPerWeek: z.number().int().min(0).max(7),
  }),
  /** Null when the member has no partner in the plan. */
  partner: z.object({ semenAnalysis: z.enum(SEMEN_ANALYSIS) }).nullable(),
  /** Whether the member lets this provider see her cycle data during the consultation. */
  shareCycleData: z.boolean(),
});
export type IntakeAnswers = z.infer<typeof IntakeAnswers>;

export const IntakeQuestionnaire = z.object({
  formVersion: z.number().int(),
  submittedAt: Instant,
  answers: IntakeAnswers,
});
export type IntakeQuestionnaire = z.infer<typeof IntakeQuestionnaire>;

export const AppointmentQuestionnaire = z.object({
  appointment: AppointmentSummary.extend({ memberTimezone: z.string() }),
  /** Null when the member has not filled it in. */
  questionnaire: IntakeQuestionnaire.nullable(),
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
