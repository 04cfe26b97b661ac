// Small pure rules of the report screens: a year-month from the URL, and the words of the "found nothing" message.

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "YYYY-MM" when the text is one, else null (a hand-edited URL falls back to the default month). */
export const validYearMonth = (v: string | undefined | null): string | null => (v && YEAR_MONTH.test(v) ? v : null);

/** The chosen filters, in the order the bar shows them, for "No sales data for TW, CHAIR, High in 2026-11". */
export const filterWords = (country: string, ...others: Array<string | null | undefined>): string => [country, ...others].filter(Boolean).join(', ');
