import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = '\0kobo-fa-icon:';

/**
 * react-icons/fa is one module of 1,600 icons. A bundler keeps every icon any page uses in that
 * one module, so each page downloaded all forty of the app's icons (10 kB compressed) to show a
 * few (issue 13). The release build gives each icon a module of its own, so an icon travels with
 * the pages that show it: `import { FaWallet } from 'react-icons/fa'` becomes an import of a
 * module holding FaWallet alone, built from the package's own source. Types and the dev server
 * still use the package as it is.
 */
export function iconModules(): Plugin {
  const require = createRequire(import.meta.url);
  let icons: Map<string, string> | undefined;
  const iconSource = (name: string) => {
    icons ??= new Map(
      [...readFileSync(join(dirname(require.resolve('react-icons/lib')), '..', 'fa', 'index.mjs'), 'utf8').matchAll(/^export function (\w+) \(props\) \{\n[^\n]*\n\};$/gm)].map((match) => [match[1]!, match[0]]),
    );
    return icons.get(name);
  };
  return {
    name: 'kobo-icon-modules',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/, code: 'react-icons/fa' },
      handler(code) {
        return code.replace(/import \{([^}]+)\} from 'react-icons\/fa';/g, (_statement, names: string) =>
          names
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
            .map((name) => {
              const [imported, local = imported] = name.split(/\s+as\s+/);
              if (!iconSource(imported!)) this.error(`react-icons/fa has no icon ${imported}`);
              return `import { ${imported} as ${local} } from '${PREFIX}${imported}';`;
            })
            .join('\n'),
        );
      },
    },
    resolveId: {
      filter: { id: /^\0kobo-fa-icon:/ },
      handler: (id) => id,
    },
    load: {
      filter: { id: /^\0kobo-fa-icon:/ },
      handler(id) {
        const name = id.slice(PREFIX.length);
        return `import { GenIcon } from 'react-icons/lib';\n${iconSource(name)}\n`;
      },
    },
  };
}
