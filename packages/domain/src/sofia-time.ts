/** The product's business time zone: business dates (today, a document's date, a day of the calendar) are its days. */
export const BUSINESS_TIME_ZONE = 'Europe/Sofia';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The Europe/Sofia day (`YYYY-MM-DD`) of an instant, today by default: the one "today in Sofia" of the server,
 * the seeds, the web and the e2e specs.
 */
export function sofiaDay(instant: Date = new Date()): string {
  return dayFormat.format(instant);
}
