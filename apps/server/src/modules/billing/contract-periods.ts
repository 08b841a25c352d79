import type { ContractPeriod } from '@kantora/domain';
import type { Localized } from '../../db/schema/index.ts';
import type { NewItem } from './billing-store.ts';

// The period grid's pure functions live in packages/domain (the web lists a contract's periods with them).
export {
  type ContractPeriod,
  firstPeriodFrom,
  isPeriodStart,
  type PeriodContract,
  periodAnchor,
  periodAt,
  periodContaining,
} from '@kantora/domain';

/** dd.MM.yyyy of a YYYY-MM-DD date (the period in a generated row's comment). */
const shown = (day: string) => day.split('-').reverse().join('.');

export interface RowsContract {
  id: string;
  name: Localized;
  pricePerMonth: number | string;
}

export interface PricedService {
  name: Localized;
  price: number | string;
  serviceId: string;
}

/**
 * The rows of a period (the generation rule): with a monthly price, one row named after the contract, price = the
 * monthly price, quantity = the period's started months; without one, each priced service × those months; the
 * period is the rows' comment. No rows: nothing to bill (the run's "no services").
 */
export function periodRows(c: RowsContract, services: readonly PricedService[], period: ContractPeriod): NewItem[] {
  const comment = {
    bg: `Период ${shown(period.periodFrom)} – ${shown(period.periodTo)}`,
    it: `Periodo ${shown(period.periodFrom)} – ${shown(period.periodTo)}`,
  };
  if (Number(c.pricePerMonth) > 0) {
    return [
      {
        name: { bg: c.name.bg, it: c.name.it || c.name.bg },
        comment,
        quantity: period.months,
        price: Number(c.pricePerMonth),
        contractId: c.id,
      },
    ];
  }
  return services
    .filter((service) => Number(service.price) > 0)
    .map((service) => ({
      name: service.name,
      comment,
      quantity: period.months,
      price: Number(service.price),
      serviceId: service.serviceId,
      contractId: c.id,
    }));
}
