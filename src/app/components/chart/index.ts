/** The shared, lazily loaded chart (ECharts through `echarts/core`). */
export { Chart, type ChartOption, type ChartProps } from './chart';
