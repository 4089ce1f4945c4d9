/**
 * The profile form's unsaved fields as the provider's draft (src/app/session drafts; docs/security.md
 * "Automatic logoff"): kept while they differ from where the form started, back in the form when
 * it opens again (a reload, signing in after the automatic logoff), dropped once submitted. The
 * certificate documents are not part of it: an upload is the server's already.
 */
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { useDrafts } from '../../root';
import { useRestoredDraft, type Drafts } from '../../session';
import type { ProfileFormInput, ProfileFormValues } from './profile-form-schema';

const DRAFT = 'profile';

type TypedFields = Omit<ProfileFormInput, 'documentIds'>;

function typedFields({ documentIds: _documents, ...fields }: ProfileFormInput): TypedFields {
  return fields;
}

/** Field by field (the form hands its values over in an order of its own). */
function sameFields(a: TypedFields, b: TypedFields): boolean {
  const keys = Object.keys({ ...a, ...b }) as Array<keyof TypedFields>;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

export function useProfileDraft(
  form: UseFormReturn<ProfileFormInput, unknown, ProfileFormValues>,
  initial: ProfileFormInput,
): void {
  const { watch, reset, getValues } = form;
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const [read, setRead] = useState(false);
  const drafts = useDrafts();
  useRestoredDraft(drafts, DRAFT, (draft) => {
    if (draft) {
      const kept = draft.value as Partial<ProfileFormInput>;
      reset({ ...initial, ...kept, documentIds: getValues('documentIds') }, { keepDefaultValues: true });
      // Back in its form: kept as today's draft.
      drafts.keep({ ...draft, path });
    }
    setRead(true);
  });
  useEffect(() => {
    if (!read) return;
    const started = typedFields(initial);
    const subscription = watch((values) => {
      const typed = typedFields(values as ProfileFormInput);
      if (sameFields(typed, started)) drafts.drop(DRAFT);
      else drafts.keep({ key: DRAFT, kind: 'profile', path, about: null, value: typed });
    });
    return () => subscription.unsubscribe();
  }, [drafts, read, watch, initial, path]);
}

export function dropProfileDraft(drafts: Drafts): void {
  drafts.drop(DRAFT);
}
