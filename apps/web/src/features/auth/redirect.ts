import { canAccess, landingPath, matchRoute } from '@kantora/domain';

const RESERVED = ['redirect', 'notify'];

/**
 * Where to go after sign-in (docs/architecture.md, "Dates, formats and the web's behaviour"): the `redirect` path when it resolves to a route the user
 * may open, else the landing path. Other query values of the sign-in page are passed on.
 */
export function destinationAfterSignIn(search: URLSearchParams, access: number): string {
  const query = new URLSearchParams();
  let target = landingPath(access);
  const redirect = search.get('redirect');
  if (redirect?.startsWith('/') && !redirect.startsWith('//')) {
    const [path, redirectQuery = ''] = redirect.split('?');
    const route = matchRoute(path);
    if (route && canAccess(route.roles, access)) {
      target = path;
      for (const [key, value] of new URLSearchParams(redirectQuery)) query.append(key, value);
    }
  }
  for (const [key, value] of search) {
    if (!RESERVED.includes(key)) query.append(key, value);
  }
  const text = query.toString();
  return text ? `${target}?${text}` : target;
}
