/** The provider's temperature unit for the cycle charts (components/cycle-charts/units.ts). */
import { useSnapshot } from 'valtio';
import { temperatureUnitFor, type TemperatureUnit } from '../../components/cycle-charts';
import { useSession } from '../../root';

export function useTemperatureUnit(): TemperatureUnit {
  const { userInfo } = useSnapshot(useSession().state);
  return temperatureUnitFor(userInfo?.country);
}
