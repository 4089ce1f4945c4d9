/**
 * Clients, appointments and their questionnaires (spec §2 `/clients`, `/orders`) as one server
 * module, with the booking commands of the admin API.
 */
import type { ServerModule } from '../app';
import { bookingAdminRoutes } from './admin-routes';
import { registerConsultationRoutes } from './consultation-routes';
import { registerQuestionnaireRoutes } from './questionnaire-routes';

export const consultationModule: ServerModule = {
  name: 'consultation',
  api(api, ctx) {
    registerConsultationRoutes(api, ctx);
    registerQuestionnaireRoutes(api, ctx);
  },
  admin: bookingAdminRoutes,
};
