import { startAllEmulators } from './start-all';

// `npm run emulators`: all four emulators on fixed local ports (EMULATORS_PORT, default 4100 for the
// index page, then 4101 Shopify, 4102 eBay, 4103 TikTok Shop, 4104 Stripe).
const basePort = Number(process.env.EMULATORS_PORT ?? 4100);
const running = await startAllEmulators({ basePort });
console.log(`StockSync emulators: ${running.indexUrl}`);
for (const [name, url] of Object.entries(running.urls)) console.log(`  ${name.padEnd(8)} ${url}`);

const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
