/**
 * Clients and appointments calls (issue 5; src/shared/api/consultation.ts and the appointment's
 * questionnaire), one function per endpoint.
 */
import * as consultation from '../shared/api/consultation';
import type { BodyOf } from '../shared/api/endpoint';
import * as questionnaire from '../shared/api/questionnaire';
import { queryCall, type ApiClient, type CallExtra as Extra } from './client';

export const consultationApi = (api: ApiClient) => ({
  clients: queryCall(api, consultation.getClientList),
  orders: queryCall(api, consultation.getOrderList),
  order: (id: number, extra?: Extra) => api.call(consultation.getOrderDetail, { query: { id }, ...extra }),
  start: (id: number, extra?: Extra) => api.call(consultation.startConsultation, { query: { id }, ...extra }),
  end: (quickBloxId: number, extra?: Extra) =>
    api.call(consultation.endConsultation, { query: { quickBloxId }, ...extra }),
  cancel: (body: BodyOf<typeof consultation.cancelConsultation>, extra?: Extra) =>
    api.call(consultation.cancelConsultation, { body, ...extra }),
  /** The intake questionnaire of an appointment (spec §2 /question). */
  questionnaire: (appointmentId: number, extra?: Extra) =>
    api.call(questionnaire.getAppointmentQuestionnaire, { query: { appointmentId }, ...extra }),
});
