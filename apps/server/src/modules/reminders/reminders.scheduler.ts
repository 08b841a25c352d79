import { BUSINESS_TIME_ZONE, type ReminderRunResult, sofiaDay } from '@kantora/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RemindersService } from './reminders.service.ts';

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/Sofia hour (0–23) of an instant. */
export const sofiaHour = (instant: Date) => Number(hourFormat.format(instant));

export interface ReminderSchedulerOptions {
  /** How often to look whether the day's run is due; 0: never by itself (tests call `tick`). */
  checkMs: number;
  /** The Europe/Sofia hour from which the day's run is due. */
  hour: number;
  log?: FastifyBaseLogger;
}

/**
 * The daily reminder run's clock, one per API process (started by buildApp, stopped when the app closes): every
 * `checkMs` it looks whether today's (Europe/Sofia) run is due (the hour reached, not yet done by this process) and
 * asks the service, whose claim lets one process of all run it (docs/decisions.md, "Receivables: the daily reminder
 * run").
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReminderRunResult | null> | null = null;
  /** The last day this process saw run (by itself or by another process). */
  private doneDay: string | null = null;

  constructor(
    private readonly service: RemindersService,
    private readonly options: ReminderSchedulerOptions,
  ) {}

  start() {
    if (this.options.checkMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.options.checkMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /**
   * One look at the clock: the day's run when it is due and this process wins the claim (its result), else null.
   * One look at a time per process.
   */
  async tick(now: Date = new Date()): Promise<ReminderRunResult | null> {
    if (this.running) return null;
    const day = sofiaDay(now);
    if (this.doneDay === day || sofiaHour(now) < this.options.hour) return null;
    this.running = this.service.daily(day);
    try {
      const result = await this.running;
      if (result || (await this.service.claimedOn(day))) this.doneDay = day;
      if (result) this.options.log?.info({ reminders: result }, 'daily reminder run');
      return result;
    } catch (error) {
      this.doneDay = day;
      this.options.log?.error({ err: error }, 'daily reminder run failed');
      throw error;
    } finally {
      this.running = null;
    }
  }
}
