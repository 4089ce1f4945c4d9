/**
 * Clients and appointments ("orders", spec §2), consultation start/end (spec §7 "Chat and
 * consultation": `consultation/end?quickBloxId=`). Fields are ours (spec: "not shown").
 */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { Id } from './fields';
import { Instant, Money, pageOf, Paging } from './workspace-fields';

const APPOINTMENT_STATUSES = ['UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

export const AppointmentSummary = z.object({
  id: z.number().check(z.int()),
  memberId: z.number().check(z.int()),
  memberChatId: z
    .number()
    .check(z.int(), z.describe("The client's chat user id (quickBloxId), for /message")),
  memberName: z.string(),
  memberAvatar: z.nullable(z.string()),
  startsAt: Instant,
  endsAt: Instant,
  status: AppointmentStatus,
  topic: z.string().check(z.describe('What the client wants to talk about, given when booking')),
  fee: Money,
});
export type AppointmentSummary = z.infer<typeof AppointmentSummary>;

export const AppointmentDetail = z.extend(AppointmentSummary, {
  memberCountry: z.nullable(z.string()),
  memberTimezone: z.string(),
  createdAt: Instant,
  startedAt: z.nullable(Instant),
  endedAt: z.nullable(Instant),
  cancelledAt: z.nullable(Instant),
  cancelledBy: z.nullable(z.enum(['PROVIDER', 'MEMBER'])),
  cancelReason: z.nullable(z.string()),
  consultationsWithClient: z
    .number()
    .check(z.int(), z.describe('All consultations with this client, this one included')),
});
export type AppointmentDetail = z.infer<typeof AppointmentDetail>;

export const ClientSummary = z.object({
  memberId: z.number().check(z.int()),
  chatId: z.number().check(z.int(), z.describe('Chat user id (quickBloxId): the link to /message')),
  name: z.string(),
  avatar: z.nullable(z.string()),
  country: z.nullable(z.string()),
  timezone: z.string(),
  consultations: z
    .number()
    .check(z.int(), z.describe('Consultations booked with this provider, cancelled ones excluded')),
  lastConsultationAt: z.nullable(Instant),
  nextConsultationAt: z.nullable(Instant),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

const Keyword = z
  .optional(z.string().check(z.trim(), z.maxLength(80)))
  .check(z.describe('Matches the client name (case-insensitive)'));

export const getClientList = defineEndpoint({
  id: 'getClientList',
  method: 'GET',
  path: '/consultation/invite/doctor/client/list',
  summary: "The provider's clients (members with at least one consultation), searchable and paged",
  tag: 'Consultation',
  auth: 'token',
  query: z.extend(Paging, { keyword: Keyword }),
  response: pageOf(ClientSummary),
});

/**
 * The order list's filter values. The portal reads this list, not the schema's `options`, so the
 * schema (and zod) stays out of the routes that load these contracts (docs/performance.md
 * "Route budgets").
 */
export const ORDER_STATUS_FILTERS = ['ALL', ...APPOINTMENT_STATUSES] as const;
export const OrderStatusFilter = z.enum(ORDER_STATUS_FILTERS);

export const getOrderList = defineEndpoint({
  id: 'getOrderList',
  method: 'GET',
  path: '/consultation/invite/doctor/order/list',
  summary:
    'Appointments of the provider filtered by status, client name and time range; upcoming and ongoing ' +
    'ones soonest first, the others latest first',
  tag: 'Consultation',
  auth: 'token',
  query: z.extend(Paging, {
    status: z._default(OrderStatusFilter, 'ALL'),
    keyword: Keyword,
    from: z.optional(Instant).check(z.describe('Starts at or after')),
    to: z.optional(Instant).check(z.describe('Starts before')),
  }),
  response: pageOf(AppointmentSummary),
});

export const getOrderDetail = defineEndpoint({
  id: 'getOrderDetail',
  method: 'GET',
  path: '/consultation/invite/doctor/order/detail',
  summary: 'One appointment of the provider (NOT_FOUND for anyone else’s)',
  tag: 'Consultation',
  auth: 'token',
  query: z.object({ id: Id }),
  response: AppointmentDetail,
});

export const startConsultation = defineEndpoint({
  id: 'startConsultation',
  method: 'POST',
  path: '/consultation/invite/doctor/consultation/start',
  summary: 'Start an upcoming consultation (from 15 minutes before its start until its end): IN_PROGRESS',
  tag: 'Consultation',
  auth: 'token',
  query: z.object({ id: Id }),
  response: AppointmentDetail,
});

export const endConsultation = defineEndpoint({
  id: 'endConsultation',
  method: 'POST',
  path: '/consultation/invite/doctor/consultation/end',
  summary:
    'End the consultation with the client whose chat id is quickBloxId: the one in progress, or the upcoming ' +
    'one whose start time has passed, becomes COMPLETED',
  tag: 'Consultation',
  auth: 'token',
  query: z.object({ quickBloxId: Id.check(z.describe("The client's chat user id")) }),
  response: AppointmentDetail,
});

export const cancelConsultation = defineEndpoint({
  id: 'cancelConsultation',
  method: 'POST',
  path: '/consultation/invite/doctor/consultation/cancel',
  summary: 'Cancel an upcoming consultation with a reason the client is told',
  tag: 'Consultation',
  auth: 'token',
  body: z.object({
    id: Id,
    reason: z.string().check(z.trim(), z.minLength(3, 'Tell the client why'), z.maxLength(500)),
  }),
  response: AppointmentDetail,
});
