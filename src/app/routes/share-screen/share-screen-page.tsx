/** /shareScreen?otherUserId={id} (spec §2): the fertility data shared during a call, in its popup. */
import { useSearchParams } from 'react-router-dom';
import { ShareScreenView } from '../../features/calls/share-screen-view';

export default function ShareScreenPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('otherUserId'));
  return <ShareScreenView otherUserId={Number.isInteger(id) && id > 0 ? id : null} />;
}
