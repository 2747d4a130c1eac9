import path from 'node:path';

/** Repository root, so DATA_DIR defaults to <repo>/.data whatever the working directory. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
