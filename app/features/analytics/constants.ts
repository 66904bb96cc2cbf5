/** Browser-safe constants of the analytics. */

/** The source of a visit that came with neither a UTM source nor another site's referrer. */
export const DIRECT_SOURCE = "Direct / None";
