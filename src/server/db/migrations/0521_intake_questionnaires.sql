-- Intake questionnaires (spec §2 /question): what a member filled in before a
-- consultation, one per appointment. The answers follow src/shared/api/questionnaire.ts
-- (IntakeAnswers), versioned so that a later form can change without rewriting old answers.
-- Forward-only.
create table intake_questionnaires (
  appointment_id integer primary key references appointments (id),
  form_version integer not null default 1 check (form_version > 0),
  answers jsonb not null,
  submitted_at timestamptz not null default now()
);
