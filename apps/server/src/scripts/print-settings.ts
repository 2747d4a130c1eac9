// Prints every environment setting as a Markdown table (for the README):
//   npx tsx apps/server/src/scripts/print-settings.ts
import { describeSettings } from '../config';

const rows = describeSettings().map(({ key, description }) => `| \`${key}\` | ${description} |`);
console.log(['| Setting | Meaning |', '| --- | --- |', ...rows].join('\n'));
