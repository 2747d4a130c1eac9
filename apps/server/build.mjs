#!/usr/bin/env node
// Builds the server ahead of time (docs/decisions/0012-compiled-server.md): src/main.ts and the
// workspace packages it imports (@stocksync/*) are bundled into dist/main.js with a source map;
// everything from node_modules stays external and is loaded at run time as usual.
//
//   node build.mjs          (npm run build -w @stocksync/server; `npm start` runs it first)
//
// Runtime files stay where they are in the source tree: each bundled workspace module keeps its
// own import.meta.dirname / import.meta.url (rewritten below to the module's source location), so
// db/migrate.ts still reads src/db/migrations/*.sql, app.ts still serves apps/web/dist and the
// repository root (default DATA_DIR) is the same as under tsx.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const serverDir = import.meta.dirname;
const repoRoot = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');
const nodeModules = `${path.sep}node_modules${path.sep}`;

/** Bare imports (npm packages, node: builtins) stay external, except the workspace packages. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@stocksync/')) return undefined;
      // At run time the bundle resolves from apps/server/dist; a copy nested in a workspace
      // package's own node_modules would not be found from there.
      const owner = /^(.*[\\/]packages[\\/][^\\/]+)[\\/]/.exec(args.importer)?.[1];
      const name = args.path
        .split('/')
        .slice(0, args.path.startsWith('@') ? 2 : 1)
        .join('/');
      if (owner && fs.existsSync(path.join(owner, 'node_modules', name))) {
        return {
          errors: [{ text: `${name} is installed under ${owner}; hoist it to build the server` }],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

/** Workspace modules keep their source location for import.meta.dirname / filename / url. */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.includes(nodeModules)) return undefined;
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.')) {
        const rel = (target) => JSON.stringify(path.relative(outdir, target));
        contents = contents
          .replaceAll('import.meta.dirname', `__sourcePath(${rel(path.dirname(args.path))})`)
          .replaceAll('import.meta.filename', `__sourcePath(${rel(args.path)})`)
          .replaceAll('import.meta.url', `__sourceUrl(${rel(args.path)})`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

const banner = [
  "import { resolve as __resolvePath } from 'node:path';",
  "import { pathToFileURL as __pathToFileURL } from 'node:url';",
  'const __sourcePath = (relative) => __resolvePath(import.meta.dirname, relative);',
  'const __sourceUrl = (relative) => __pathToFileURL(__sourcePath(relative)).href;',
].join('\n');

const started = Date.now();
const result = await esbuild.build({
  absWorkingDir: repoRoot,
  entryPoints: { main: path.join(serverDir, 'src/main.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node26',
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  banner: { js: banner },
  plugins: [externalDependencies, sourceLocation],
  logLevel: 'warning',
  metafile: true,
  write: false,
});

// Write each file under a temporary name and rename it, so a process starting from dist/ while
// another build runs never reads half a file.
fs.mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, file.contents);
  fs.renameSync(temporary, file.path);
}
const bytes = result.outputFiles.reduce((sum, f) => sum + f.contents.length, 0);
const modules = Object.keys(result.metafile.inputs).length;
console.log(
  `server built: ${path.relative(repoRoot, outdir)}/main.js (${modules} modules, ${(bytes / 1024).toFixed(0)} KB with source map) in ${Date.now() - started} ms`,
);
