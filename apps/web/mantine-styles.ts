// A build step for the web bundle: each Mantine component brings its own styles (issue 17).
import path from 'node:path';
import type { Plugin } from 'vite';

/** MantineProvider imports these (emptied) modules where its source imports the base styles. */
const BASE_STYLES =
  /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/](baseline|default-css-variables|global)\.mjs$/;

/**
 * Every component of @mantine/core reads its class names from `<Name>.module.mjs`, and Mantine ships that
 * component's rules as `styles/<Name>.layer.css` (same name, in its cascade layer). Importing the stylesheet
 * from that module puts each component's rules in the chunk of the pages using it, instead of all of
 * Mantine's styles (30 KiB brotli) with every page; the base styles (reset, variables, global rules) come
 * with MantineProvider the same way. In dev, where dependencies are pre-bundled and not
 * transformed, main.tsx loads the whole file instead.
 */
export function mantineStyles(): Plugin {
  return {
    name: 'cutroom:mantine-styles',
    apply: 'build',
    transform: {
      filter: { id: [/@mantine[\\/]core[\\/]esm[\\/].*\.module\.mjs$/, BASE_STYLES] },
      handler(code, id) {
        const name = path.basename(id).replace(/(\.module)?\.mjs$/, '');
        // Mantine marks its modules free of side effects; with a stylesheet they have one, to keep.
        return {
          code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`,
          map: null,
          moduleSideEffects: true,
        };
      },
    },
  };
}
