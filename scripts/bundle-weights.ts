import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { minifySync, type Plugin } from 'vite';

/**
 * What each kilobyte of a build is (`SDK_WEIGHTS=1 npx vite build -c vite.sdk.config.ts`): for every
 * output file, its bytes gzipped, shared among its modules in proportion to each one's minified
 * size. A module is minified alone (top-level names mangled as in the bundle), so its share is an
 * estimate within a few per cent; the file's total is exact.
 */
export function bundleWeights(label: string): Plugin {
  return {
    name: 'bundle-weights',
    apply: 'build',
    generateBundle(_options, bundle) {
      const lines: string[] = [];
      for (const file of Object.values(bundle)) {
        const code = file.type === 'chunk' ? file.code : file.source;
        const gzip = gzipSync(code, { level: 9 }).length;
        lines.push(`${label} ${file.fileName}: ${code.length} B minified, ${gzip} B gzip -9`);
        if (file.type !== 'chunk') continue;
        const modules = Object.entries(file.modules)
          .filter(([, module]) => module.code)
          .map(([id, module]) => {
            const minified = minifySync(id, module.code!, { compress: true, mangle: { toplevel: true } }).code;
            return {
              id: relative(process.cwd(), id.replace(/\?.*$/, '')).replace(/^.*node_modules\//, ''),
              size: minified.length,
            };
          });
        const total = Math.max(
          1,
          modules.reduce((sum, module) => sum + module.size, 0),
        );
        for (const { id, size } of modules.sort((a, b) => b.size - a.size))
          lines.push(
            `  ${String(Math.round((gzip * size) / total)).padStart(6)} B gz  ${String(size).padStart(6)} B  ${id}`,
          );
      }
      console.log(lines.join('\n'));
    },
  };
}
