/** The shared, lazily loaded chart (ECharts through `echarts/core`). */
export { Chart, type ChartEngine, type ChartOption, type ChartProps } from './chart';
