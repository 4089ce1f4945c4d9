/** The reports feature: /reports, /reports/detail, /reports/review, /reports/daily-chart (spec §2). */
export { ReportList } from './report-list';
export { ReportScreen } from './report-screen';
export { DailyChartView } from './daily-chart-view';
