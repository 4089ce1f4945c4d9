/** The shared, lazily loaded chart (ECharts through `echarts/core`). */
export { Chart, chartSvg, type ChartEngine, type ChartOption, type ChartProps } from './chart';
