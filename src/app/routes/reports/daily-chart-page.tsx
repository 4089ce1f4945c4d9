/** dailyChart: owned by a later issue; shows its title and that it is being built. */
import { UnderConstruction } from '../../components/under-construction';

export default function DailyChartPage() {
  return <UnderConstruction titleKey="dailyChart" />;
}
