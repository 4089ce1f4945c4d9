/** Cycle data: the day records, the analysis maths and the chart options (spec §7). */
export * from './types';
export * from './split-cycles';
export * from './temperature-shift';
export * from './lh-surge';
export * from './analyse-cycle';
export * from './statistics';
export * from './compare-cycles';
export * from './chart-options';
export * from './cycle-facts';
export * from './format';
