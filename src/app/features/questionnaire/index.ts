/** The intake questionnaire of an appointment (spec §2 /question; issue 12). */
export { IntakeQuestionnaire, questionnaireKey } from './intake-questionnaire';
