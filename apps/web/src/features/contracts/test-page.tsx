import type { ContractView } from '@kantora/domain';
import { Route, Routes } from 'react-router';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import ContractPage from './contract-page.tsx';
import { currencies, ids, userOf } from './test-fixtures.ts';

/** The contract page of `contract` (at /contracts/{ids.contract}) for a user of `access`, with `answers` for the calls the test is about. */
export function openContractPage(contract: ContractView, access: number, answers: Record<string, () => Response> = {}) {
  setSessionUser(userOf(access));
  const api = mockApi({
    'GET /api/metaData/getCurrencies': () => ok(currencies),
    'GET /api/metaData/getAllEmployeeUsers': () => ok([]),
    [`GET /api/contracts/${ids.contract}`]: () => ok(contract),
    ...answers,
  });
  const { unmount } = renderWithProviders(
    <Routes>
      <Route path="/contracts/:id" element={<ContractPage />} />
    </Routes>,
    { route: `/contracts/${ids.contract}` },
  );
  return { ...api, unmount };
}
