/** Before a first call (issue 13): the pre-call check in a dialog; 'Start call' goes on, Cancel does not. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../components/lazy-dialog';
import { markPreCallChecked } from './call-devices';
import { PreCallCheck } from './pre-call-check';

export function PreCallDialog({ onDone }: { onDone(go: boolean): void }) {
  const { t } = useTranslation('calls');
  const [ready, setReady] = useState(false);
  return (
    <LazyDialog
      open
      width={720}
      title={t('precheck.title')}
      onCancel={() => onDone(false)}
      onDone={() => {
        markPreCallChecked();
        onDone(true);
      }}
      doneLabel={t('precheck.start')}
      doneDisabled={!ready}
    >
      <PreCallCheck onReady={setReady} />
    </LazyDialog>
  );
}
