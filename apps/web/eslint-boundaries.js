// The web app's import boundaries (bulletproof-react's feature folders), for
// import-x/no-restricted-paths: shared code (components, lib) depends on no feature; a feature
// uses another only through that feature's public entry, features/<name>/index.ts; nothing but
// the routes (the app) depends on the routes.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;

/** @param {string} src the web app's source folder, relative to the lint's working directory */
export function webBoundaryZones(src) {
  const features = readdirSync(path.join(here, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: [`${src}/features/*/**`],
      except: [`**/src/features/${feature}/**`, '**/src/features/*/index.ts'],
      message: `Feature "${feature}" may use another feature only through its public entry (@/features/<name>, its index.ts); code two features share belongs in src/components or src/lib.`,
    })),
    {
      target: [`${src}/components`, `${src}/lib`, `${src}/testing`],
      from: [`${src}/features`, `${src}/routes`],
      message:
        'Shared code (src/components, src/lib, src/testing) is what features build on: it must not depend on a feature or a route.',
    },
    {
      target: `${src}/features`,
      from: `${src}/routes`,
      message: 'Features are composed by the routes, never the other way round.',
    },
  ];
}
