// A build step for the web bundle: imports from '@cutroom/domain' go to the module declaring each name.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

const domainIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/domain/src/index.ts');

/** Every value the domain package exports, with the file that declares it. */
function declaringFiles(): Map<string, string> {
  const program = ts.createProgram([domainIndex], { allowJs: false, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const index = checker.getSymbolAtLocation(program.getSourceFile(domainIndex)!)!;
  const files = new Map<string, string>();
  for (const exported of checker.getExportsOfModule(index)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (declaration && symbol.flags & ts.SymbolFlags.Value)
      files.set(exported.name, declaration.getSourceFile().fileName);
  }
  return files;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The domain's index re-exports everything, and the bundler places a module by the imports that reach
 * it, not by what is used: through the index, the login page's first download reached every schema and
 * zod. Importing each name from its own module keeps what the first page does not use in the chunks of
 * the pages that do (issue 17's first-load budget).
 */
export function domainImports(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'cutroom:domain-imports',
    apply: 'build',
    transform: {
      filter: { id: /apps[\\/]web[\\/]src[\\/].*\.tsx?$/, code: '@cutroom/domain' },
      handler(code, id) {
        files ??= declaringFiles();
        const program = this.parse(code) as unknown as { body: Node[] };
        // A re-export from the package would bring its whole index into the chunk: import, then export.
        const reexport = program.body.find(
          (node) =>
            (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
            (node.source as Node | null)?.value === '@cutroom/domain',
        );
        if (reexport) throw new Error(`${id}: re-export from @cutroom/domain; import the names, then export them`);
        const imports = program.body.filter(
          (node) => node.type === 'ImportDeclaration' && (node.source as Node).value === '@cutroom/domain',
        );
        let out = code;
        for (const node of imports.reverse()) {
          if (!out.startsWith('import', node.start)) throw new Error(`${id}: unexpected text at offset ${node.start}`);
          const byFile = new Map<string, string[]>();
          for (const spec of node.specifiers as Node[]) {
            if (spec.type !== 'ImportSpecifier')
              throw new Error(`${id}: only named imports of @cutroom/domain are rewritten`);
            const name = (spec.imported as Node).name as string;
            const file = files.get(name);
            if (!file) throw new Error(`${id}: @cutroom/domain has no value export ${name}`);
            byFile.set(file, [...(byFile.get(file) ?? []), `${name} as ${(spec.local as Node).name as string}`]);
          }
          const rewritten = [...byFile].map(
            ([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`,
          );
          out = out.slice(0, node.start) + rewritten.join('\n') + out.slice(node.end);
        }
        return { code: out, map: null };
      },
    },
  };
}
