/**
 * Clients and appointments ("orders", spec §2), consultation start/end (spec §7 "Chat and
 * consultation": `consultation/end?quickBloxId=`). Fields are ours (spec: "not shown").
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { Id } from './fields';
import { Instant, Money, pageOf, Paging } from './workspace-fields';

export const AppointmentStatus = z.enum(['UPCOMING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

export const AppointmentSummary = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberChatId: z.number().int().describe("The client's chat user id (quickBloxId), for /message"),
  memberName: z.string(),
  memberAvatar: z.string().nullable(),
  startsAt: Instant,
  endsAt: Instant,
  status: AppointmentStatus,
  topic: z.string().describe('What the client wants to talk about, given when booking'),
  fee: Money,
});
export type AppointmentSummary = z.infer<typeof AppointmentSummary>;

export const AppointmentDetail = AppointmentSummary.extend({
  memberCountry: z.string().nullable(),
  memberTimezone: z.string(),
  createdAt: Instant,
  startedAt: Instant.nullable(),
  endedAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
  cancelledBy: z.enum(['PROVIDER', 'MEMBER']).nullable(),
  cancelReason: z.string().nullable(),
  consultationsWithClient: z.number().int().describe('All consultations with this client, this one included'),
});
export type AppointmentDetail = z.infer<typeof AppointmentDetail>;

export const ClientSummary = z.object({
  memberId: z.number().int(),
  chatId: z.number().int().describe('Chat user id (quickBloxId): the link to /message'),
  name: z.string(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  consultations: z
    .number()
    .int()
    .describe('Consultations booked with this provider, cancelled ones excluded'),
  lastConsultationAt: Instant.nullable(),
  nextConsultationAt: Instant.nullable(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

const Keyword = z.string().trim().max(80).optional().describe('Matches the client name (case-insensitive)');

export const getClientList = defineEndpoint({
  id: 'getClientList',
  method: 'GET',
  path: '/consultation/invite/doctor/client/list',
  summary: "The provider's clients (members with at least one consultation), searchable and paged",
  tag: 'Consultation',
  auth: 'token',
  query: Paging.extend({ keyword: Keyword }),
  response: pageOf(ClientSummary),
});

export const OrderStatusFilter = z.enum(['ALL', ...AppointmentStatus.options]);

export const getOrderList = defineEndpoint({
  id: 'getOrderList',
  method: 'GET',
  path: '/consultation/invite/doctor/order/list',
  summary:
    'Appointments of the provider filtered by status, client name and time range; upcoming and ongoing ' +
    'ones soonest first, the others latest first',
  tag: 'Consultation',
  auth: 'token',
  query: Paging.extend({
    status: OrderStatusFilter.default('ALL'),
    keyword: Keyword,
    from: Instant.optional().describe('Starts at or after'),
    to: Instant.optional().describe('Starts before'),
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
  query: z.object({ quickBloxId: Id.describe("The client's chat user id") }),
  response: AppointmentDetail,
});

export const cancelConsultation = defineEndpoint({
  id: 'cancelConsultation',
  method: 'POST',
  path: '/consultation/invite/doctor/consultation/cancel',
  summary: 'Cancel an upcoming consultation with a reason the client is told',
  tag: 'Consultation',
  auth: 'token',
  body: z.object({ id: Id, reason: z.string().trim().min(3, 'Tell the client why').max(500) }),
  response: AppointmentDetail,
});
