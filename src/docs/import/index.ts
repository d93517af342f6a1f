/**
 * The import compiler: MEBDF content -> the minimal batchUpdate that makes a tab or section say it.
 * Pure; the service (src/docs/service/import.ts) adds the read, guards, verification and write.
 */
export type { DeletedObject } from './context.js';
export { type Plan, type PlanInput, type PlanTarget, planImport } from './plan.js';
