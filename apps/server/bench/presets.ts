/**
 * The bench's presets. `seed` holds the options of `npm run seed -- --preset large`, one per part the seed adds: an
 * area that adds a part to the seed adds its option here, in both presets (a part left out is seeded at its full
 * size, also in quick). `logs`: the log rows the bench adds.
 * full: the "large" volumes the budgets of docs/performance.md are measured at. quick: small volumes and short runs, the whole run under two minutes.
 */
export interface Preset {
  seed: Record<string, number>;
  logs: number;
  /**
   * Per list case: `warmup` seconds of each side unmeasured (0: none; the first round warms up), then `rounds`
   * rounds taking turns (the HTTP call, then the same SQL run directly, for `concurrent / rounds` seconds each at
   * `connections` connections, so that the machine's other load falls on both sides), then the HTTP call one
   * request at a time for `single` seconds and its SQL run directly one at a time for as long (0: none; with a
   * `budget`, as long as a turn at `connections`, no more than `single`).
   */
  warmup: number;
  concurrent: number;
  rounds: number;
  single: number;
  /** Share of a sequential case's runs. */
  runs: number;
  /**
   * About this many seconds for measuring every case, overheads included: the list cases' turns shrink to fit (to no
   * less than 0.1 s a side); 0: no limit.
   */
  budget: number;
}

export const PRESETS: Record<'full' | 'quick', Preset> = {
  full: {
    seed: { clients: 20_000, documents: 100_000, contracts: 40_000, timesheets: 2_000_000, invoices: 200_000 },
    logs: 500_000,
    warmup: 1,
    concurrent: 4,
    rounds: 2,
    single: 3,
    runs: 1,
    budget: 0,
  },
  quick: {
    seed: { clients: 1_000, documents: 3_000, contracts: 1_000, timesheets: 10_000, invoices: 1_000 },
    logs: 10_000,
    warmup: 0,
    concurrent: 1,
    rounds: 1,
    single: 1,
    runs: 0.25,
    budget: 45,
  },
};

export const describeVolumes = (preset: Preset) =>
  `${Object.entries(preset.seed)
    .map(([part, count]) => `${count} ${part}`)
    .join(', ')}, ${preset.logs} log rows`;
