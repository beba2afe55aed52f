/**
 * Every registered route's path pattern and methods, collected with an `onRoute` hook, so the not-found handler
 * can answer 405 with an `Allow` header when a path exists for other methods (Fastify itself only knows 404).
 * Catch-all routes (`/*`, e.g. the SPA's static files and CORS preflight) are left out: they would make every
 * path "exist".
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];
  private readonly byUrl = new Map<string, Set<string>>();

  add(methods: string | string[], url: string): void {
    if (url === '/*' || url === '*') return;
    let set = this.byUrl.get(url);
    if (!set) {
      set = new Set();
      this.byUrl.set(url, set);
      this.routes.push({ pattern: toRegExp(url), methods: set });
    }
    for (const method of Array.isArray(methods) ? methods : [methods]) set.add(method.toUpperCase());
    if (set.has('GET')) set.add('HEAD');
  }

  /** Methods allowed on a concrete path (no query string), sorted; empty when no route matches. */
  allowedMethods(pathname: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(pathname)) for (const m of route.methods) methods.add(m);
    }
    return [...methods].sort();
  }
}

/** `/api/teams/:teamId/goals` → `^/api/teams/[^/]+/goals/?$`; `*` matches the rest of the path. */
function toRegExp(url: string): RegExp {
  let source = '';
  for (let i = 0; i < url.length; i++) {
    const ch = url[i]!;
    if (ch === ':' && url[i + 1] !== ':') {
      // parameter name, optionally followed by a (regex) we do not try to reproduce
      let j = i + 1;
      while (j < url.length && /[\w$]/.test(url[j]!)) j++;
      if (url[j] === '(') {
        let depth = 0;
        for (; j < url.length; j++) {
          if (url[j] === '(') depth++;
          else if (url[j] === ')' && --depth === 0) {
            j++;
            break;
          }
        }
      }
      if (url[j] === '?') j++;
      source += '[^/]+';
      i = j - 1;
    } else if (ch === ':') {
      source += ':';
      i++;
    } else if (ch === '*') {
      source += '.*';
    } else {
      source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`);
}
