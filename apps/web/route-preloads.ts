// The files a signed-in page needs beyond what index.html loads, per page, for the server to name in the
// page's HTML (apps/server/src/platform/web-app.ts): the browser then fetches them beside the first load
// instead of after it has run and the router has asked for the page (issue 17).
import type { Plugin } from 'vite';
// The module itself, not the package: Vite's config loader leaves packages to Node, which cannot run its TypeScript.
import { ROUTE_PRELOADS_FILE, type PreloadedPage, type RoutePreloads } from '../../packages/domain/src/web-calls.ts';

/** The modules the router loads first on each page (app/routes.tsx): the app frame, the page, its prefetch. */
export const DRAWN_PAGE_MODULES: Record<PreloadedPage, readonly string[]> = {
  // The board's page may come drawn by the server: its hydration's code comes with it.
  home: [
    'src/app/layout/app-layout.tsx',
    'src/app/home-route.tsx',
    'src/features/board/prefetch.ts',
    'src/first-screen/hydrate.tsx',
  ],
  card: [
    'src/app/layout/app-layout.tsx',
    'src/features/card-details/route.ts',
    'src/features/card-details/card-body.tsx',
    'src/app/card-loader.ts',
  ],
};

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Writes route-preloads.json: per page, the chunks (with their static imports) and CSS not in the first load. */
export function routePreloads(): Plugin {
  return {
    name: 'cutroom-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & ChunkLike => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: ChunkLike[]) => {
        const seen = new Set<ChunkLike>();
        const visit = (c: ChunkLike | undefined) => {
          if (!c || seen.has(c)) return;
          seen.add(c);
          c.imports.forEach((f) => visit(byFile.get(f)));
        };
        start.forEach(visit);
        return seen;
      };
      const firstLoad = closure(chunks.filter((c) => c.isEntry));
      const out = {} as RoutePreloads;
      for (const [page, modules] of Object.entries(DRAWN_PAGE_MODULES) as [PreloadedPage, readonly string[]][]) {
        // A module of the drawn pages' group (drawn-chunk.ts) is inside that group's chunk, not a chunk of its own.
        const holds = (id: string, m: string) => id.replace(/\\/g, '/').endsWith(`/apps/web/${m}`);
        const starts = modules.map((m) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => holds(id, m)));
          if (!chunk) throw new Error(`route-preloads: no chunk holds ${m}; is it still loaded on demand?`);
          return chunk;
        });
        const needed = [...closure(starts)].filter((c) => !firstLoad.has(c));
        out[page] = {
          js: needed.map((c) => `/${c.fileName}`),
          css: [...new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map((f) => `/${f}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(out) });
    },
  };
}
