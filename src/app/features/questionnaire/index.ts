/** The intake questionnaire of an appointment (spec §2 /question). */
export { IntakeQuestionnaire } from './intake-questionnaire';
export { questionnaireQuery } from './queries';
