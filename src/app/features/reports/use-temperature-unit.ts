/** The provider's temperature unit for the cycle charts (components/cycle-charts/units.ts). */
import { useSnapshot } from 'valtio';
import { temperatureUnitFor, type TemperatureUnit } from '../../components/cycle-charts';
import { session } from '../../session';

export function useTemperatureUnit(): TemperatureUnit {
  const { userInfo } = useSnapshot(session);
  return temperatureUnitFor(userInfo?.country);
}
