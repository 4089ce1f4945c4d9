/** accountSetting: owned by a later issue; shows its title and that it is being built. */
import { UnderConstruction } from '../../components/under-construction';

export default function AccountSettingPage() {
  return <UnderConstruction titleKey="accountSetting" />;
}
