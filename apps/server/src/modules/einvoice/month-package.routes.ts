import { MONTH_PACKAGE_COUNT_HEADER, monthPackageSchema } from '@kantora/domain';
import { sendStream } from '../../http/files.ts';
import type { AppInstance } from '../../http/types.ts';
import type { MonthPackageService } from './month-package.ts';

/**
 * POST /api/invoices/monthPackage {month}: the month's issued invoices and notices as PDF and e-invoice XML with the
 * sales journal, one zip streamed as it is made (packages/domain/src/month-package.schemas.ts); who may read
 * invoices may download it.
 */
export function monthPackageRoutes(app: AppInstance, service: MonthPackageService) {
  app.post(
    '/api/invoices/monthPackage',
    { schema: { body: monthPackageSchema, tags: ['invoices'] }, config: { permission: 'invoicesRead' } },
    async (request, reply) => {
      const { filename, count, body } = await service.package(request.body.month);
      reply.header(MONTH_PACKAGE_COUNT_HEADER, String(count));
      return sendStream(reply, { filename, contentType: 'application/zip' }, body);
    },
  );
}
