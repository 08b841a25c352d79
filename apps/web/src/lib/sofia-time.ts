/**
 * Business time zone of the product: Europe/Sofia. Timestamps travel as ISO 8601 UTC; the date
 * pickers (date-fns adapter, which has no time-zone support) work on "wall clock" Dates whose
 * local fields equal the Sofia wall time. These helpers convert between the two, whatever the
 * browser's own time zone is.
 */
import { BUSINESS_TIME_ZONE, sofiaDay } from '@kantora/domain';

export { BUSINESS_TIME_ZONE };

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function sofiaParts(instant: Date): WallParts {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

/** UTC instant -> local Date showing the same wall time as Sofia. */
export function instantToSofiaWall(instant: Date): Date {
  const p = sofiaParts(instant);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** Local Date read as a Sofia wall time -> the UTC instant. */
export function sofiaWallToInstant(wall: Date): Date {
  const target = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
  );
  // Guess with the offset at the target, then correct once for a DST change in between.
  let guess = target;
  for (let i = 0; i < 2; i += 1) {
    const p = sofiaParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += target - shown;
  }
  return new Date(guess);
}

/** The Sofia day (`YYYY-MM-DD`) of an instant; today by default: the domain's one sofiaDay. */
export const sofiaDate = sofiaDay;
