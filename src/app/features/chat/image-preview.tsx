/**
 * The image chosen to send, shown before it goes (issue 26: one wrong click used to send a
 * patient's document): the picture, its name, a caption, and Cancel or 'Send image'. Nothing is
 * uploaded or sent before 'Send image'; Cancel drops only the picture, never what is typed in the
 * composer. The dialog's code loads when a picture is first chosen, not with the Messages page
 * (docs/performance.md "Route budgets").
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog as Dialog } from '../../components/lazy-dialog';

export function ImagePreview({
  file,
  onCancel,
  onSend,
}: {
  file: File;
  onCancel(): void;
  onSend(caption: string): void;
}) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [caption, setCaption] = useState('');
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Dialog
      open
      title={t('preview.title')}
      onCancel={onCancel}
      onDone={() => onSend(caption)}
      doneLabel={t('preview.send')}
      cancelLabel={t('preview.cancel')}
      width={520}
    >
      <figure className="flex flex-col gap-2">
        <img
          src={url}
          alt={t('preview.alt', { name: file.name })}
          className="max-h-[50vh] w-full rounded-lg bg-slate-100 object-contain"
        />
        <figcaption className="truncate text-xs text-slate-600">{file.name}</figcaption>
      </figure>
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-slate-800">
        {t('preview.caption')}
      </label>
      <textarea
        id={id}
        rows={2}
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
        className="mt-1 w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
      />
    </Dialog>
  );
}
