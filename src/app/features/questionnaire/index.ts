/** The intake questionnaire of an appointment (spec §2 /question; issue 12). */
export { IntakeQuestionnaire } from './intake-questionnaire';
export { questionnaireQuery } from './queries';
