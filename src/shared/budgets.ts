/** Performance budgets shared by the budget test and the benchmarks. */

/** Compressed JavaScript of one route's first load, in bytes (brotli, as served to browsers). */
export const FIRST_LOAD_JS_BUDGET = 100 * 1024;
