import type { Plugin } from 'vite';

/** One import in Mantine's build that brings a whole package for a small part of it. */
type LeanImport = { file: RegExp; find: string; replace: string };

const LEAN_IMPORTS: LeanImport[] = [
  // ScrollArea (inside every Table, Modal and Select) takes one hook, useMergeRefs, from
  // @floating-ui/react and with it the popover engine (14 kB compressed). Mantine's useMergedRef
  // does the same: a callback ref that sets each ref and runs their cleanups.
  {
    file: /[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    find: 'import { useMergeRefs } from "@floating-ui/react";',
    replace: 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
  },
  // AppShell's header, footer and aside read one class name from react-remove-scroll (3.7 kB
  // compressed, the modal's scroll lock) on every signed-in page. The name is the package's constant.
  {
    file: /[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell(Header|Footer|Aside)\.mjs$/,
    find: 'import { RemoveScroll } from "react-remove-scroll";',
    replace: 'const RemoveScroll = { classNames: { zeroRight: "right-scroll-bar-position" } };',
  },
];

/**
 * The release build rewrites a few of Mantine's imports that cost every page a package for a
 * constant or a small hook (issue 13, docs/decisions/029-page-weight.md). Should Mantine change one
 * of these lines, the build fails here rather than silently growing.
 */
export function mantineLeanImports(): Plugin {
  return {
    name: 'kobo-mantine-lean-imports',
    apply: 'build',
    transform: {
      filter: { id: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]/ },
      handler(code, id) {
        const lean = LEAN_IMPORTS.find((candidate) => candidate.file.test(id));
        if (!lean) return null;
        if (!code.includes(lean.find)) this.error(`${id} no longer has ${lean.find}: revisit mantine-lean-imports-plugin.ts`);
        return code.replace(lean.find, lean.replace);
      },
    },
  };
}
