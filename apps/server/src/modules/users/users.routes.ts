import {
  idBodySchema,
  idParamsSchema,
  MessageKeys as M,
  userEducationSaveSchema,
  userExperienceSaveSchema,
  userListQuery,
  userRecordsListQuery,
  userSaveSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { UserRecordsService } from './user-records.service.ts';
import type { UsersService } from './users.service.ts';

const config = { permission: 'settings' } as const;
const tags = ['users'];
const base = '/api/settings/users';

export function userRoutes(app: AppInstance, users: UsersService, records: UserRecordsService) {
  app.post(`${base}/list`, { schema: { body: userListQuery, tags }, config }, async (request) =>
    ok(await users.list(request.body)),
  );

  app.get(`${base}/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await users.get(request.params.id)),
  );

  app.post(`${base}/save`, { schema: { body: userSaveSchema, tags }, config }, async (request) => {
    return ok(await users.save(userOf(request), request.body), M.saved_successfully);
  });

  // Education and experience: the same four calls each.
  const kinds = [
    { kind: 'education', one: 'UserEducation', many: 'UserEducations', schema: userEducationSaveSchema },
    { kind: 'experience', one: 'UserExperience', many: 'UserExperiences', schema: userExperienceSaveSchema },
  ] as const;
  for (const { kind, one, many, schema } of kinds) {
    app.get(`${base}/get${one}/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) =>
      ok(await records.get(kind, request.params.id)),
    );

    app.post(`${base}/get${many}`, { schema: { body: userRecordsListQuery, tags }, config }, async (request) =>
      ok(await records.list(kind, request.body)),
    );

    app.post(`${base}/save${one}`, { schema: { body: schema, tags }, config }, async (request) => {
      return ok(await records.save(kind, userOf(request), request.body), M.saved_successfully);
    });

    app.post(`${base}/remove${one}`, { schema: { body: idBodySchema, tags }, config }, async (request) => {
      await records.remove(kind, userOf(request), request.body.id);
      return ok(true, M.deleted_successfully);
    });
  }
}
