/** message: owned by a later issue; shows its title and that it is being built. */
import { UnderConstruction } from '../../components/under-construction';

export default function MessagePage() {
  return <UnderConstruction titleKey="message" />;
}
