// zod probes for eval with new Function() on its first parse, which the CSP reports on every page
// (issue 18). Its settings live on this global, shared by every copy of zod: setting jitless here
// costs the first page no bytes (importing zod's config() pulled 4 KB gzip of zod into it).
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;
